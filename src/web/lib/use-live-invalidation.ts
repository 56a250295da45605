import * as React from 'react';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { LiveEvent } from '@contracts/live';
import { useLiveEvents } from '@web/lib/live';

/**
 * Refetches what a screen shows when the server says something changed (GET /api/live). A busy
 * practice sends an event per spoken turn, so refetches of the same keys are spaced out
 * (`minIntervalMs`) rather than made on every event.
 */
export function useLiveInvalidation(topics: readonly string[], keysFor: (event: LiveEvent) => QueryKey[] | null, minIntervalMs = 1500): void {
  const queryClient = useQueryClient();
  const pending = React.useRef(new Map<string, QueryKey>());
  const timer = React.useRef<ReturnType<typeof setTimeout> | null>(null);
  const last = React.useRef(0);

  React.useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  useLiveEvents(topics, (event) => {
    const keys = keysFor(event);
    if (!keys) return;
    for (const key of keys) pending.current.set(JSON.stringify(key), key);
    if (timer.current) return;
    const flush = () => {
      timer.current = null;
      last.current = Date.now();
      const keysNow = [...pending.current.values()];
      pending.current.clear();
      for (const key of keysNow) void queryClient.invalidateQueries({ queryKey: key });
    };
    const wait = Math.max(0, last.current + minIntervalMs - Date.now());
    timer.current = setTimeout(flush, wait);
  });
}

/** The current time, moving every `intervalMs` (countdowns, "for 3 min"). */
export function useNow(intervalMs = 30_000): number {
  const [now, setNow] = React.useState(() => Date.now());
  React.useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
