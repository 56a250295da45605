/** @jsxImportSource preact */
import { useState } from 'preact/hooks';
import { api, ApiError, fieldMessages } from '../api';
import { TextArea } from '../components/fields';
import { Notice } from '../components/status';
import { formatDateTime, type PracticeClock } from '../format';
import { useI18n } from '../i18n/i18n';
import type { CancelResponse, PortalRequest } from '@contracts/portal';
import type { AnotherTimeBody, PortalVisit, VisitCancelBody } from '@contracts/portal-visits';
import { visitName } from '../components/held-time';
import { MoveVisit } from './portal-move';

type Step = 'idle' | 'cancel' | 'another' | 'move';

/**
 * A scheduled visit in the portal: when, how long, where, with whom, the practice's address and
 * the calendar file; cancel it (after a confirm step) or ask for another time in the patient's
 * own words. The practice's front desk gets a handoff for either.
 */
export function VisitPanel({ request, visit, practice, onChanged, onSignedOut }: { request: PortalRequest; visit: PortalVisit; practice: PracticeClock; onChanged: (r: PortalRequest) => void; onSignedOut: () => void }) {
  const { t, locale } = useI18n();
  const [step, setStep] = useState<Step>('idle');
  const [reason, setReason] = useState('');
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ApiError | null>(null);
  const [askedAt, setAskedAt] = useState(visit.anotherTimeAskedAt);
  const [moved, setMoved] = useState(false);
  const id = request.id;
  // Booked on the clinician's calendar (issue 31 §4): cancel or move it here, until the visit type's notice.
  const booking = visit.booking;
  const mayChange = !booking || booking.canChange;
  const when = formatDateTime(visit.startsAt, practice, locale);
  const fields = fieldMessages(error);

  const send = async <B,>(path: string, body: B, done: (r: PortalRequest) => void) => {
    setBusy(true);
    setError(null);
    try {
      const res = await api<CancelResponse>('POST', `/api/portal/requests/${id}/visit/${path}`, body);
      setStep('idle');
      done(res.request);
      requestAnimationFrame(() => document.getElementById(`visit-${id}`)?.focus());
    } catch (e) {
      if (e instanceof ApiError && e.status === 401) return onSignedOut();
      setError(e instanceof ApiError ? e : new ApiError(0, 'network', ''));
    } finally {
      setBusy(false);
    }
  };
  /** Opening a step hides the button that opened it, so focus moves into the step (and back to the visit when it closes). */
  const open = (next: Step) => {
    setError(null);
    setStep(next);
    const target = next === 'another' ? `another-message-${id}` : next === 'cancel' ? `cancel-visit-reason-${id}` : next === 'move' ? `move-${id}` : `visit-${id}`;
    requestAnimationFrame(() => document.getElementById(target)?.focus());
  };

  const place = [visit.location, visit.address].filter(Boolean).join(', ');
  return (
    <section aria-labelledby={`visit-${id}`} class="mt-4 rounded-lg bg-success-soft p-4 text-success-soft-foreground">
      <h4 id={`visit-${id}`} tabIndex={-1} class="text-sm font-medium">
        {t('visit.heading')}
      </h4>
      <p class="text-lg font-semibold" data-testid="scheduled-time">
        {when}
      </p>
      <dl class="mt-2 grid gap-x-3 gap-y-1 text-sm sm:grid-cols-[6rem_1fr]">
        {booking && (
          <>
            <dt class="font-medium">{t('visit.type')}</dt>
            <dd>{visitName(booking.visitType, locale)}</dd>
          </>
        )}
        {visit.durationMinutes !== null && (
          <>
            <dt class="font-medium">{t('visit.length')}</dt>
            <dd>{t('visit.minutes', { n: visit.durationMinutes })}</dd>
          </>
        )}
        {place && (
          <>
            <dt class="font-medium">{t('visit.where')}</dt>
            <dd data-testid="visit-place">{place}</dd>
          </>
        )}
        {visit.clinician && (
          <>
            <dt class="font-medium">{t('visit.with')}</dt>
            <dd>{visit.clinician}</dd>
          </>
        )}
      </dl>
      <div class="mt-3 flex flex-col gap-2 sm:flex-row sm:flex-wrap">
        <a class="btn btn-secondary no-underline" href={visit.calendarPath} download>
          {t('visit.calendar')}
        </a>
        {step === 'idle' && booking?.canMove && (
          <button type="button" class="btn btn-secondary" onClick={() => open('move')}>
            {t('visit.move')}
          </button>
        )}
        {step === 'idle' && !askedAt && !booking?.canMove && mayChange && (
          <button type="button" class="btn btn-secondary" onClick={() => open('another')}>
            {t('visit.anotherTime')}
          </button>
        )}
        {step === 'idle' && mayChange && (
          <button type="button" class="btn btn-secondary text-destructive" onClick={() => open('cancel')}>
            {t('visit.cancel')}
          </button>
        )}
      </div>
      {booking && booking.canChange && step === 'idle' && <p class="mt-3 text-sm">{t('visit.changeUntil', { date: formatDateTime(booking.changeUntil, practice, locale, false) })}</p>}
      {booking && !booking.canChange && <p class="mt-3 text-sm font-medium">{t('visit.tooLate')}</p>}
      {moved && step === 'idle' && (
        <p class="mt-3 text-sm font-medium" role="status">
          {t('visit.moved')}
        </p>
      )}
      {askedAt && <p class="mt-3 text-sm" role="status">{t('visit.anotherTimeAsked', { date: formatDateTime(askedAt, practice, locale, false) })}</p>}
      {error && !Object.keys(fields).length && (
        <div class="mt-3">
          <Notice tone="error">{error.text()}</Notice>
        </div>
      )}

      {step === 'move' && booking && (
        <MoveVisit
          requestId={id}
          booking={booking}
          clock={practice}
          onMoved={(r) => {
            setStep('idle');
            setMoved(true);
            onChanged(r);
            requestAnimationFrame(() => document.getElementById(`visit-${id}`)?.focus());
          }}
          onCancel={() => open('idle')}
          onSignedOut={onSignedOut}
        />
      )}

      {step === 'another' && (
        <div role="group" aria-labelledby={`another-${id}`} class="mt-4 space-y-3 rounded-lg border border-border bg-background p-4 text-foreground">
          <p id={`another-${id}`} class="font-semibold">
            {t('visit.anotherTime')}
          </p>
          <TextArea id={`another-message-${id}`} label={t('visit.anotherTimeLabel')} hint={t('visit.anotherTimeHint')} rows={3} maxLength={1000} value={message} onValue={setMessage} error={fields.message} />
          <div class="flex flex-col gap-2 sm:flex-row">
            <button type="button" class="btn btn-primary" disabled={busy} onClick={() => send<AnotherTimeBody>('another-time', { message }, (r) => { setAskedAt(r.visit?.anotherTimeAskedAt ?? new Date().toISOString()); setMessage(''); })}>
              {t('visit.anotherTimeSend')}
            </button>
            <button type="button" class="btn btn-secondary" onClick={() => open('idle')}>
              {t('visit.back')}
            </button>
          </div>
        </div>
      )}

      {step === 'cancel' && (
        <div role="group" aria-labelledby={`cancel-visit-${id}`} class="mt-4 space-y-3 rounded-lg border border-red-200 bg-destructive-soft p-4 text-destructive-soft-foreground">
          <p id={`cancel-visit-${id}`} class="font-semibold">
            {t('visit.cancelTitle', { date: when })}
          </p>
          <p class="text-sm">{t('visit.cancelBody')}</p>
          <TextArea id={`cancel-visit-reason-${id}`} label={t('visit.cancelReason')} optional rows={2} maxLength={500} value={reason} onValue={setReason} error={fields.reason} />
          <div class="flex flex-col gap-2 sm:flex-row">
            <button type="button" class="btn btn-danger" disabled={busy} onClick={() => send<VisitCancelBody>('cancel', { reason }, onChanged)}>
              {t('visit.cancelConfirm')}
            </button>
            <button type="button" class="btn btn-secondary" onClick={() => open('idle')}>
              {t('visit.keep')}
            </button>
          </div>
        </div>
      )}
    </section>
  );
}
