/** @jsxImportSource preact */
import type { ComponentChildren } from 'preact';
import { formatDate } from '../format';
import { useI18n, type MessageKey } from '../i18n/i18n';
import { onLinkClick } from '../router';
import type { DraftFields, PracticeResponse } from '@contracts/appointment-requests';
import type { HeldTimeView } from '@contracts/public-booking';
import { visitName, VisitWhen } from '../components/held-time';

function Row({ label, children }: { label: string; children: ComponentChildren }) {
  return (
    <div class="grid gap-0.5 py-2 sm:grid-cols-[12rem_1fr] sm:gap-4">
      <dt class="text-sm font-medium text-muted-foreground">{label}</dt>
      <dd class="break-words">{children}</dd>
    </div>
  );
}

/** Everything the patient entered, read-only, before it is sent. */
export function Review(p: {
  fields: DraftFields;
  /** The phone as people of the practice's country write it (the server's one formatter). */
  phoneDisplay?: string;
  practice: PracticeResponse;
  /** The time held for the request (issue 31 §4): shown, and booked by the send button. */
  hold?: HeldTimeView | null;
  busy: boolean;
  onEdit: () => void;
  onSend: () => void;
  honeypot: string;
  onHoneypot: (v: string) => void;
}) {
  const { t, locale } = useI18n();
  const f = p.fields;
  const none = <span class="text-muted-foreground">{t('review.none')}</span>;
  const list = (values: string[], prefix: string) => (values.length ? values.map((v) => t(`${prefix}.${v}` as MessageKey)).join(', ') : t('review.any'));
  const clock = { timeZone: p.practice.timeZone, country: p.practice.country };
  return (
    <div class="mt-6 space-y-5">
      {p.hold && (
        <section aria-labelledby="review-appointment" class="card border-primary">
          <div class="flex items-center justify-between gap-3">
            <h2 id="review-appointment" class="text-lg font-semibold">
              {t('review.appointment')}
            </h2>
            <a href={`/request-appointment/time?org=${encodeURIComponent(p.practice.slug)}`} class="link text-sm" onClick={onLinkClick}>
              {t('review.change')}
              <span class="sr-only"> {t('review.appointment')}</span>
            </a>
          </div>
          <div class="mt-2">
            <VisitWhen start={p.hold.start} clock={clock} />
            <p class="mt-1">
              {visitName(p.hold.visitType, locale)} · {t('time.minutes', { n: p.hold.visitType.lengthMinutes })} · {t('time.with', { clinician: p.hold.clinician.name })}
            </p>
            <p class="text-sm text-muted-foreground">{[p.hold.location.name, p.hold.location.address].filter(Boolean).join(', ')}</p>
          </div>
        </section>
      )}
      <section aria-labelledby="review-about" class="card">
        <div class="flex items-center justify-between gap-3">
          <h2 id="review-about" class="text-lg font-semibold">
            {t('review.about')}
          </h2>
          <a href="/request-appointment/start" class="link text-sm" onClick={onLinkClick}>
            {t('review.change')}
            <span class="sr-only"> {t('review.about')}</span>
          </a>
        </div>
        <dl class="mt-2 divide-y divide-border">
          <Row label={`${t('f.firstName')} / ${t('f.lastName')}`}>{`${f.firstName} ${f.lastName}`}</Row>
          <Row label={t('f.dateOfBirth')}>{formatDate(f.dateOfBirth, locale, p.practice.country)}</Row>
          <Row label={t('f.phone')}>{p.phoneDisplay || f.phone}</Row>
          <Row label={t('f.email')}>{f.email || none}</Row>
          <Row label={t('f.isNewPatient')}>{f.isNewPatient ? t('review.new') : t('review.returning')}</Row>
          <Row label={t('f.reason')}>{f.reason === 'other' ? `${t('f.reason.other')}: ${f.reasonOther}` : f.reason}</Row>
        </dl>
      </section>
      <section aria-labelledby="review-when" class="card">
        <div class="flex items-center justify-between gap-3">
          <h2 id="review-when" class="text-lg font-semibold">
            {p.hold ? t('finish.detailsTitle') : t('review.when')}
          </h2>
          <button type="button" class="link text-sm" onClick={p.onEdit}>
            {t('review.change')}
            <span class="sr-only"> {p.hold ? t('finish.detailsTitle') : t('review.when')}</span>
          </button>
        </div>
        <dl class="mt-2 divide-y divide-border">
          {!p.hold && (
            <>
              <Row label={t('f.preferredDays')}>{list(f.preferredDays, 'dayShort')}</Row>
              <Row label={t('f.timesOfDay')}>{list(f.timesOfDay, 'tod')}</Row>
              <Row label={t('f.earliestDate')}>{f.earliestDate ? formatDate(f.earliestDate, locale, p.practice.country) : t('review.any')}</Row>
            </>
          )}
          <Row label={t('f.insurance')}>{f.insuranceCarrier || f.insuranceMemberId ? [f.insuranceCarrier, f.insuranceMemberId].filter(Boolean).join(' · ') : none}</Row>
          <Row label={t('f.notes')}>{f.notes || none}</Row>
          <Row label={t('review.consent')}>✓</Row>
        </dl>
      </section>
      {/* Honeypot: hidden from people and from assistive technology; bots fill it. */}
      <div aria-hidden="true" style={{ position: 'absolute', left: '-10000px', width: '1px', height: '1px', overflow: 'hidden' }}>
        <label>
          Website
          <input type="text" name="website" tabIndex={-1} autocomplete="off" value={p.honeypot} onInput={(e) => p.onHoneypot(e.currentTarget.value)} />
        </label>
      </div>
      <div class="flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
        <button type="button" class="btn btn-secondary" onClick={p.onEdit}>
          {t('common.back')}
        </button>
        <button type="button" class="btn btn-primary" onClick={p.onSend} disabled={p.busy}>
          {p.hold ? (p.busy ? t('review.booking') : t('review.book')) : p.busy ? t('review.sending') : t('review.send')}
        </button>
      </div>
    </div>
  );
}
