/** @jsxImportSource preact */
import { ApiError } from '../api';
import { ChoiceGroup, DateField, ErrorSummary, SelectField, TextArea, TextField } from '../components/fields';
import { Layout } from '../components/layout';
import { Notice, SaveState } from '../components/status';
import { useI18n } from '../i18n/i18n';
import { navigate } from '../router';
import { emergencyOf } from '../emergency';
import { DraftPending, useDraftStep } from './use-draft-step';
import { HeldTimeCard, useHeldTime, visitName } from '../components/held-time';

/** /request-appointment/start — step 1: who the patient is and why they want to come. */
export function RequestStartPage() {
  const { t, locale } = useI18n();
  const d = useDraftStep();
  const held = useHeldTime();
  const { busy, sendError } = d;

  if (d.loadError || !d.fields || !d.practice || !d.draft) return <DraftPending title={t('start.title')} loadError={d.loadError} onRetry={d.retry} />;
  const f = d.fields;
  const p = d.practice;
  const labels: Record<string, string> = {
    firstName: t('f.firstName'),
    lastName: t('f.lastName'),
    dateOfBirth: t('f.dateOfBirth'),
    phone: t('f.phone'),
    email: t('f.email'),
    isNewPatient: t('f.isNewPatient'),
    reason: t('f.reason'),
    reasonOther: t('f.reasonOther'),
  };

  const onSubmit = (e: Event) => {
    e.preventDefault();
    void d.sendStep(
      1,
      {
        firstName: f.firstName,
        lastName: f.lastName,
        dateOfBirth: f.dateOfBirth,
        phone: f.phone,
        email: f.email,
        isNewPatient: f.isNewPatient,
        reason: f.reason,
        reasonOther: f.reason === 'other' ? f.reasonOther : '',
      },
      () => navigate('/request-appointment/finish'),
    );
  };

  return (
    <Layout title={`${t('start.title')} · ${p.name}`} practice={emergencyOf(p)}>
      <p class="text-sm font-medium text-primary">
        {t('steps.label', { n: 1 })} · {p.name}
      </p>
      <h1 tabIndex={-1} class="mt-1 text-2xl font-semibold tracking-tight sm:text-3xl">
        {t('start.title')}
      </h1>
      <p class="mt-2 text-muted-foreground">{t('start.intro', { practice: p.name })}</p>
      {held.hold && <HeldTimeCard hold={held.hold} clock={{ timeZone: p.timeZone, country: p.country }} slug={p.slug} onReleased={() => held.set(null)} />}

      <form noValidate onSubmit={onSubmit} class="card mt-6 space-y-5">
        <ErrorSummary errors={d.summary} labels={labels} />
        {sendError !== null && <Notice tone="error">{sendError instanceof ApiError ? sendError.text() : t('common.network')}</Notice>}
        <div class="grid gap-5 sm:grid-cols-2">
          <TextField id="firstName" label={labels.firstName!} value={f.firstName} autoComplete="given-name" maxLength={60} required error={d.errors.firstName} onValue={(v) => d.setField('firstName', v)} onCommit={(v) => d.commit('firstName', v)} />
          <TextField id="lastName" label={labels.lastName!} value={f.lastName} autoComplete="family-name" maxLength={60} required error={d.errors.lastName} onValue={(v) => d.setField('lastName', v)} onCommit={(v) => d.commit('lastName', v)} />
        </div>
        <DateField id="dateOfBirth" label={labels.dateOfBirth!} value={f.dateOfBirth} country={p.country} autoComplete="bday" required error={d.errors.dateOfBirth} onValue={(v) => d.setField('dateOfBirth', v)} onCommit={(v) => d.commit('dateOfBirth', v)} />
        <div class="grid gap-5 sm:grid-cols-2">
          <TextField id="phone" type="tel" inputMode="tel" label={labels.phone!} hint={t('f.phone.hint')} value={f.phone} autoComplete="tel" maxLength={30} required error={d.errors.phone} onValue={(v) => d.setField('phone', v)} onCommit={(v) => d.commit('phone', v)} />
          <TextField id="email" type="email" inputMode="email" label={labels.email!} hint={t('f.email.hint')} optional value={f.email} autoComplete="email" maxLength={254} error={d.errors.email} onValue={(v) => d.setField('email', v)} onCommit={(v) => d.commit('email', v)} />
        </div>
        <ChoiceGroup
          id="isNewPatient"
          label={labels.isNewPatient!}
          options={[
            { value: 'returning', label: t('f.isNewPatient.returning') },
            { value: 'new', label: t('f.isNewPatient.new') },
          ]}
          value={f.isNewPatient === null ? '' : f.isNewPatient ? 'new' : 'returning'}
          error={d.errors.isNewPatient}
          onCommit={(v) => d.commit('isNewPatient', v === 'new')}
        />
        {held.hold && !held.hold.visitType.newPatientsAllowed && f.isNewPatient === true && <Notice tone="warning">{t('held.newPatient', { visit: visitName(held.hold.visitType, locale) })}</Notice>}
        <SelectField
          id="reason"
          label={labels.reason!}
          value={f.reason}
          required
          options={[...p.visitReasons.map((r) => ({ value: r, label: r })), { value: 'other', label: t('f.reason.other') }]}
          error={d.errors.reason}
          onCommit={(v) => d.commit('reason', v)}
        />
        {f.reason === 'other' && (
          <TextArea id="reasonOther" label={labels.reasonOther!} hint={t('f.reasonOther.hint')} value={f.reasonOther} maxLength={500} error={d.errors.reasonOther} onValue={(v) => d.setField('reasonOther', v)} onCommit={(v) => d.commit('reasonOther', v)} />
        )}
        <div class="flex flex-col-reverse gap-3 border-t border-border pt-5 sm:flex-row sm:items-center sm:justify-between">
          <SaveState state={d.saveState} />
          <button type="submit" class="btn btn-primary" disabled={busy}>
            {busy ? t('common.saving') : t('common.continue')}
          </button>
        </div>
      </form>
    </Layout>
  );
}
