/** @jsxImportSource preact */
import type { OpenTime } from '@contracts/calendars';
import type { PortalRequest } from '@contracts/portal';
import type { PortalVisit } from '@contracts/portal-visits';
import type { PortalHoldResponse } from '@contracts/public-booking';
import { useState } from 'preact/hooks';
import { ApiError } from '../api';
import { nextTimesOf, portalHold, portalMove, portalOpenTimes } from '../booking-api';
import { visitName, VisitWhen } from '../components/held-time';
import { Notice } from '../components/status';
import { TimePicker } from '../components/time-picker';
import { formatDay, formatTimeIn, type PracticeClock } from '../format';
import { useI18n } from '../i18n/i18n';

type Booking = NonNullable<PortalVisit['booking']>;

/**
 * Moving a visit booked on the calendar to another open time of its type (issue 31 §4): the
 * patient picks a time, the portal holds it, the patient confirms, and the visit moves. Until then
 * the visit keeps its time; a time taken meanwhile offers the next ones.
 */
export function MoveVisit({
  requestId,
  booking,
  clock,
  onMoved,
  onCancel,
  onSignedOut,
}: {
  requestId: string;
  booking: Booking;
  clock: PracticeClock;
  onMoved: (r: PortalRequest) => void;
  onCancel: () => void;
  onSignedOut: () => void;
}) {
  const { t, locale } = useI18n();
  const [held, setHeld] = useState<PortalHoldResponse['hold'] | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ApiError | null>(null);
  const [reloadKey, setReloadKey] = useState(0);
  const [picked, setPicked] = useState<OpenTime | null>(null);
  const next = nextTimesOf(error);

  const fail = (e: unknown) => {
    if (e instanceof ApiError && e.status === 401) return onSignedOut();
    setError(e instanceof ApiError ? e : new ApiError(0, 'network', ''));
    if (nextTimesOf(e).length) {
      setHeld(null);
      setPicked(null);
      setReloadKey((k) => k + 1);
    }
  };

  const hold = async (time: OpenTime) => {
    setPicked(time);
    setBusy(true);
    setError(null);
    try {
      setHeld((await portalHold(requestId, { clinicianId: time.clinicianId, start: time.start })).hold);
      requestAnimationFrame(() => document.getElementById(`move-confirm-${requestId}`)?.focus());
    } catch (e) {
      fail(e);
    } finally {
      setBusy(false);
    }
  };

  const move = async () => {
    if (!held) return;
    setBusy(true);
    setError(null);
    try {
      onMoved((await portalMove(requestId, { holdId: held.id })).request);
    } catch (e) {
      fail(e);
      setBusy(false);
    }
  };

  const initial = booking.clinicians.some((c) => c.id === booking.clinician.id) ? booking.clinician.id : '';
  return (
    <div role="group" aria-labelledby={`move-${requestId}`} class="-mx-2 mt-4 space-y-4 rounded-lg border border-border bg-background p-3 text-foreground sm:mx-0 sm:p-4">
      <p id={`move-${requestId}`} tabIndex={-1} class="font-semibold">
        {t('visit.move')}
      </p>
      <p class="text-sm text-muted-foreground">{t('visit.moveHint', { visit: visitName(booking.visitType, locale) })}</p>
      <TimePicker
        id={`move-times-${requestId}`}
        clock={clock}
        clinicians={booking.clinicians}
        initialClinicianId={initial}
        load={(q) => portalOpenTimes(requestId, q)}
        selected={picked}
        onSelect={(x) => void hold(x)}
        reloadKey={reloadKey}
        headingLevel={5}
      />
      {error && (
        <Notice tone="error">
          <p>{next.length ? t(error.code === 'slot_unavailable' ? 'time.unavailable' : 'time.taken') : error.text()}</p>
          {next.length > 0 && (
            <ul class="mt-2 flex flex-wrap gap-2">
              {next.map((x) => (
                <li key={x.start}>
                  <button type="button" class="btn btn-secondary" disabled={busy} onClick={() => void hold(x)}>
                    {formatDay(x.startLocal.slice(0, 10), clock.country)} {formatTimeIn(x.start, clock.timeZone, locale, clock.country)} · {x.clinicianName}
                  </button>
                </li>
              ))}
            </ul>
          )}
        </Notice>
      )}
      {held && (
        <section aria-labelledby={`move-confirm-${requestId}`} class="rounded-lg border border-primary bg-primary-soft p-4 text-primary-soft-foreground">
          <h5 id={`move-confirm-${requestId}`} tabIndex={-1} class="text-sm font-medium">
            {t('time.selected')}
          </h5>
          <VisitWhen start={held.start} clock={clock} />
          <p class="text-sm">
            {t('time.with', { clinician: held.clinician.name })} · {held.location.name}
          </p>
          <p class="mt-2 text-sm" role="status">
            {t('visit.moveHeld', { until: formatTimeIn(held.heldUntil, clock.timeZone, locale, clock.country) })}
          </p>
          <button type="button" class="btn btn-primary mt-3 w-full sm:w-auto" onClick={() => void move()} disabled={busy}>
            {t('visit.moveConfirm')}
          </button>
        </section>
      )}
      <button type="button" class="btn btn-secondary" onClick={onCancel}>
        {t('visit.back')}
      </button>
    </div>
  );
}
