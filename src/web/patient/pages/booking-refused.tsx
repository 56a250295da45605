/** @jsxImportSource preact */
import type { OpenTime } from '@contracts/calendars';
import type { HeldTimeView } from '@contracts/public-booking';
import { useState } from 'preact/hooks';
import { ApiError } from '../api';
import { holdTime, nextTimesOf } from '../booking-api';
import { Notice } from '../components/status';
import { formatDay, formatTimeIn, type PracticeClock } from '../format';
import { useI18n } from '../i18n/i18n';
import { onLinkClick } from '../router';

/** The refusals of booking a held time that the patient can act on (a 409 of /draft/book). */
export const isBookingRefusal = (e: unknown) => e instanceof ApiError && ['slot_taken', 'slot_unavailable', 'new_patients_not_booked', 'hold_not_found'].includes(e.code);

/**
 * Why the held time could not be booked, and what to do now — nothing the patient typed is lost:
 * the time was just taken (pick one of the next times: it is held at once), new patients do not
 * book this visit online, or no time is held any more; or send the answers as a request instead.
 */
export function BookingRefused({
  error,
  hold,
  clock,
  slug,
  busy,
  onHeld,
  onSendAsRequest,
}: {
  error: ApiError;
  hold: HeldTimeView | null;
  clock: PracticeClock;
  slug: string;
  busy: boolean;
  onHeld: (hold: HeldTimeView) => void;
  onSendAsRequest: () => void;
}) {
  const { t, locale } = useI18n();
  const [holding, setHolding] = useState<string | null>(null);
  const [holdError, setHoldError] = useState<unknown>(null);
  const next = nextTimesOf(error);
  const taken = error.code === 'slot_taken' || error.code === 'slot_unavailable';

  const take = async (x: OpenTime) => {
    if (!hold) return;
    setHolding(x.start);
    setHoldError(null);
    try {
      const res = await holdTime({ visitTypeId: hold.visitType.id, clinicianId: x.clinicianId, start: x.start });
      if (res.hold) onHeld(res.hold);
    } catch (e) {
      setHoldError(e);
    } finally {
      setHolding(null);
    }
  };

  return (
    <div id="booking-refused" tabIndex={-1} class="mt-5 space-y-3">
      <Notice tone="error">
        <p>{taken ? t(error.code === 'slot_unavailable' ? 'time.unavailable' : 'time.taken') : error.text()}</p>
        {taken && next.length > 0 && (
          <ul class="mt-2 flex flex-wrap gap-2">
            {next.map((x) => (
              <li key={x.start}>
                <button type="button" class="btn btn-secondary" disabled={holding !== null || busy} onClick={() => take(x)}>
                  {formatDay(x.startLocal.slice(0, 10), clock.country)} {formatTimeIn(x.start, clock.timeZone, locale, clock.country)} · {x.clinicianName}
                </button>
              </li>
            ))}
          </ul>
        )}
      </Notice>
      {holdError !== null && <Notice tone="error">{holdError instanceof ApiError ? holdError.text() : t('common.network')}</Notice>}
      <div class="flex flex-col gap-3 sm:flex-row sm:items-center">
        <a href={`/request-appointment/time?org=${encodeURIComponent(slug)}`} class="btn btn-secondary no-underline" onClick={onLinkClick}>
          {t('held.change')}
        </a>
        <button type="button" class="btn btn-secondary" onClick={onSendAsRequest} disabled={busy}>
          {t('review.sendRequestInstead')}
        </button>
      </div>
    </div>
  );
}
