/** @jsxImportSource preact */
import type { SubmitBody, SubmitResponse } from '@contracts/appointment-requests';
import { DAYS, TIMES_OF_DAY } from '@domain/appointment-requests/preferences';
import { useState } from 'preact/hooks';
import { api, ApiError } from '../api';
import { Checkbox, ChoiceGroup, DateField, ErrorSummary, TextArea, TextField } from '../components/fields';
import { Layout } from '../components/layout';
import { Notice, SaveState } from '../components/status';
import { useI18n, type MessageKey } from '../i18n/i18n';
import { navigate, onLinkClick } from '../router';
import { emergencyOf } from '../emergency';
import { Review } from './request-review';
import { DraftPending, useDraftStep } from './use-draft-step';
import { bookDraft, releaseHold } from '../booking-api';
import { HeldTimeCard, useHeldTime } from '../components/held-time';
import { BookingRefused, isBookingRefusal } from './booking-refused';

/** /request-appointment/finish — step 2 (when, insurance, notes, consent), then review and send. */
export function RequestFinishPage() {
  const { t } = useI18n();
  const d = useDraftStep();
  const held = useHeldTime();
  const { busy, setBusy, sendError, setSendError } = d;
  const [reviewing, setReviewing] = useState(false);
  const [honeypot, setHoneypot] = useState('');

  if (d.loadError || !d.fields || !d.practice || !d.draft) return <DraftPending title={t('finish.title')} loadError={d.loadError} onRetry={d.retry} />;
  const f = d.fields;
  const p = d.practice;
  const clock = { timeZone: p.timeZone, country: p.country };
  // A time is held (issue 31 §4): the patient books it; when they can come is already said.
  const hold = held.hold;
  const title = reviewing ? t('review.title') : hold ? t('finish.detailsTitle') : t('finish.title');
  const intro = reviewing ? (hold ? t('review.bookIntro', { practice: p.name }) : t('review.intro', { practice: p.name })) : hold ? t('finish.detailsIntro') : t('finish.intro');
  const labels: Record<string, string> = {
    preferredDays: t('f.preferredDays'),
    timesOfDay: t('f.timesOfDay'),
    earliestDate: t('f.earliestDate'),
    insuranceCarrier: t('f.insuranceCarrier'),
    insuranceMemberId: t('f.insuranceMemberId'),
    notes: t('f.notes'),
    consentToContact: t('f.consentToContact', { practice: p.name }),
  };

  const toReview = (e: Event) => {
    e.preventDefault();
    void d.sendStep(
      2,
      {
        preferredDays: f.preferredDays,
        timesOfDay: f.timesOfDay,
        earliestDate: f.earliestDate,
        insuranceCarrier: f.insuranceCarrier,
        insuranceMemberId: f.insuranceMemberId,
        notes: f.notes,
        consentToContact: f.consentToContact,
      },
      () => {
        setReviewing(true);
        window.scrollTo(0, 0);
        requestAnimationFrame(() => document.querySelector<HTMLElement>('main h1')?.focus());
      },
    );
  };

  const send = async (asRequest = false) => {
    setBusy(true);
    setSendError(null);
    try {
      if (hold && !asRequest) await bookDraft({ website: honeypot || undefined });
      else {
        if (hold) await releaseHold();
        await api<SubmitResponse>('POST', '/api/public/appointment-requests/draft/submit', { website: honeypot || undefined } satisfies SubmitBody);
      }
      navigate('/request-appointment/success', { replace: true });
    } catch (err) {
      if (err instanceof ApiError && err.code === 'validation_failed') {
        d.setErrorKeys(err.fieldKeys);
        d.showSummary();
        setReviewing(false);
      }
      setSendError(err);
      setBusy(false);
      if (isBookingRefusal(err)) requestAnimationFrame(() => document.getElementById('booking-refused')?.focus());
    }
  };

  return (
    <Layout title={`${title} · ${p.name}`} practice={emergencyOf(p)}>
      <p class="text-sm font-medium text-primary">
        {t('steps.label', { n: 2 })} · {p.name}
      </p>
      <h1 tabIndex={-1} class="mt-1 text-2xl font-semibold tracking-tight sm:text-3xl">
        {title}
      </h1>
      <p class="mt-2 text-muted-foreground">{intro}</p>
      {hold && !reviewing && <HeldTimeCard hold={hold} clock={clock} slug={p.slug} onReleased={() => held.set(null)} />}

      {!d.draft.step1Complete && (
        <div class="mt-5">
          <Notice tone="warning">
            {t('finish.step1Missing')}{' '}
            <a href="/request-appointment/start" class="font-semibold underline underline-offset-2" onClick={onLinkClick}>
              {t('finish.goStep1')}
            </a>
          </Notice>
        </div>
      )}
      {sendError instanceof ApiError && isBookingRefusal(sendError) && (
        <BookingRefused
          error={sendError}
          hold={hold}
          clock={clock}
          slug={p.slug}
          busy={busy}
          onHeld={(h) => {
            held.set(h);
            setSendError(null);
          }}
          onSendAsRequest={() => void send(true)}
        />
      )}
      {sendError !== null && !(sendError instanceof ApiError && (sendError.code === 'validation_failed' || isBookingRefusal(sendError))) && (
        <div class="mt-5">
          <Notice tone="error">{sendError instanceof ApiError ? sendError.text() : t('common.network')}</Notice>
        </div>
      )}

      {reviewing ? (
        <Review fields={f} phoneDisplay={d.draft.phoneDisplay} practice={p} hold={hold} busy={busy} onEdit={() => setReviewing(false)} onSend={() => void send()} honeypot={honeypot} onHoneypot={setHoneypot} />
      ) : (
        <form noValidate onSubmit={toReview} class="card mt-6 space-y-5">
          <ErrorSummary errors={d.summary} labels={labels} />
          {!hold && (
            <>
              <ChoiceGroup
                id="preferredDays"
                multiple
                inline
                label={labels.preferredDays!}
                hint={t('f.preferredDays.hint')}
                optional
                options={DAYS.map((day) => ({ value: day, label: t(`dayShort.${day}` as MessageKey) }))}
                value={f.preferredDays}
                error={d.errors.preferredDays}
                onCommit={(v) => d.commit('preferredDays', v as string[])}
              />
              <ChoiceGroup
                id="timesOfDay"
                multiple
                inline
                optional
                label={labels.timesOfDay!}
                options={TIMES_OF_DAY.map((x) => ({ value: x, label: t(`tod.${x}` as MessageKey) }))}
                value={f.timesOfDay}
                error={d.errors.timesOfDay}
                onCommit={(v) => d.commit('timesOfDay', v as string[])}
              />
              <DateField id="earliestDate" optional label={labels.earliestDate!} value={f.earliestDate} country={p.country} error={d.errors.earliestDate} onValue={(v) => d.setField('earliestDate', v)} onCommit={(v) => d.commit('earliestDate', v)} />
            </>
          )}
          <fieldset class="space-y-4 rounded-lg border border-border p-4">
            <legend class="px-1 font-medium">
              {t('f.insurance')} <span class="font-normal text-muted-foreground">({t('common.optional')})</span>
            </legend>
            <p class="text-sm text-muted-foreground">{t('f.insurance.hint')}</p>
            <div class="grid gap-4 sm:grid-cols-2">
              <TextField id="insuranceCarrier" label={labels.insuranceCarrier!} value={f.insuranceCarrier} maxLength={100} error={d.errors.insuranceCarrier} onValue={(v) => d.setField('insuranceCarrier', v)} onCommit={(v) => d.commit('insuranceCarrier', v)} />
              <TextField id="insuranceMemberId" label={labels.insuranceMemberId!} value={f.insuranceMemberId} maxLength={40} autoComplete="off" error={d.errors.insuranceMemberId} onValue={(v) => d.setField('insuranceMemberId', v)} onCommit={(v) => d.commit('insuranceMemberId', v)} />
            </div>
          </fieldset>
          <TextArea id="notes" optional label={labels.notes!} value={f.notes} maxLength={1000} error={d.errors.notes} onValue={(v) => d.setField('notes', v)} onCommit={(v) => d.commit('notes', v)} />
          <Checkbox id="consentToContact" label={labels.consentToContact!} checked={f.consentToContact} error={d.errors.consentToContact} onCommit={(v) => d.commit('consentToContact', v)} />
          <div class="flex flex-col-reverse gap-3 border-t border-border pt-5 sm:flex-row sm:items-center sm:justify-between">
            <a href="/request-appointment/start" class="btn btn-secondary no-underline" onClick={onLinkClick}>
              {t('common.back')}
            </a>
            <SaveState state={d.saveState} />
            <button type="submit" class="btn btn-primary" disabled={busy}>
              {busy ? t('common.saving') : t('finish.review')}
            </button>
          </div>
        </form>
      )}
    </Layout>
  );
}
