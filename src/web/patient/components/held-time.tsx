/** @jsxImportSource preact */
import type { HeldTimeView } from '@contracts/public-booking';
import type { ComponentChildren } from 'preact';
import { useState } from 'preact/hooks';
import { ApiError } from '../api';
import { currentHold, releaseHold } from '../booking-api';
import { formatDateTime, formatTimeIn, sameWallClock, viewerZone, type PracticeClock } from '../format';
import { useI18n } from '../i18n/i18n';
import { onLinkClick } from '../router';
import { useLoad } from '../use-load';
import { Notice } from './status';

/** The time held for this browser's request (issue 31 §4): null while none is held. */
export function useHeldTime() {
  const held = useLoad(() => currentHold().then((r) => r.hold), 'held-time');
  return { hold: held.data ?? null, loading: held.loading, error: held.error, reload: held.reload, set: (h: HeldTimeView | null) => held.setData(h) };
}

/** The visit type's name in the page's language. */
export const visitName = (v: { nameEn: string; nameEs: string }, locale: string) => (locale === 'es' ? v.nameEs : v.nameEn);

/** "Tuesday, March 3, 2026, 9:40 AM EST", and the patient's own time when their zone reads another. */
export function VisitWhen({ start, clock, testId }: { start: string; clock: PracticeClock; testId?: string }) {
  const { t, locale } = useI18n();
  const zone = viewerZone();
  return (
    <>
      <p class="text-lg font-semibold" data-testid={testId}>
        {formatDateTime(start, clock, locale)}
      </p>
      {!sameWallClock(start, clock.timeZone, zone) && (
        <p class="text-sm">{t('success.yourTime', { time: formatDateTime(start, { ...clock, timeZone: zone }, locale) })}</p>
      )}
    </>
  );
}

/**
 * The held time above the request's steps: when, what, with whom, where, until when it is kept —
 * and the ways out: another time, or no time at all (the practice calls instead).
 */
export function HeldTimeCard({ hold, clock, slug, onReleased, children }: { hold: HeldTimeView; clock: PracticeClock; slug: string; onReleased: () => void; children?: ComponentChildren }) {
  const { t, locale } = useI18n();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const until = formatTimeIn(hold.heldUntil, clock.timeZone, locale, clock.country);
  const release = async () => {
    setBusy(true);
    setError(null);
    try {
      await releaseHold();
      onReleased();
    } catch (e) {
      setError(e);
    } finally {
      setBusy(false);
    }
  };
  return (
    <section aria-labelledby="held-h" class="mt-5 rounded-xl border border-primary/40 bg-primary-soft p-4 text-primary-soft-foreground sm:p-5">
      <h2 id="held-h" class="text-sm font-medium">
        {t('held.title')}
      </h2>
      <VisitWhen start={hold.start} clock={clock} testId="held-time" />
      <p class="mt-1">
        {visitName(hold.visitType, locale)} · {t('time.minutes', { n: hold.visitType.lengthMinutes })} · {t('time.with', { clinician: hold.clinician.name })}
      </p>
      <p class="text-sm">{[hold.location.name, hold.location.address].filter(Boolean).join(', ')}</p>
      <p class="mt-2 text-sm font-medium" role="status">
        {hold.expired ? t('held.expired', { time: until }) : t('held.until', { time: until })}
      </p>
      {children}
      {error !== null && (
        <div class="mt-3">
          <Notice tone="error">{error instanceof ApiError ? error.text() : t('common.network')}</Notice>
        </div>
      )}
      <div class="mt-3 flex flex-col gap-2 text-sm sm:flex-row sm:flex-wrap sm:gap-x-5">
        <a href={`/request-appointment/time?org=${encodeURIComponent(slug)}`} class="link" onClick={onLinkClick}>
          {t('held.change')}
        </a>
        <button type="button" class="link text-left" onClick={release} disabled={busy}>
          {t('held.release')}
        </button>
      </div>
    </section>
  );
}
