import { useEffect, useLayoutEffect, useRef } from 'react';
import type { LiveEvent } from '@contracts/live';
import { reportSessionExpired } from './api';

/**
 * Subscribes to server-sent events for some topics (GET /api/live). Events carry ids and hints;
 * the usual reaction is to invalidate the TanStack queries that show them. EventSource
 * reconnects by itself after a network drop.
 */
export function useLiveEvents(topics: readonly string[], onEvent: (event: LiveEvent) => void): void {
  const handler = useRef(onEvent);
  useLayoutEffect(() => {
    handler.current = onEvent;
  });
  const key = [...topics].sort().join(',');
  useEffect(() => {
    if (!key || typeof EventSource === 'undefined') return;
    const source = new EventSource(`/api/live?topics=${encodeURIComponent(key)}`);
    const listener = (message: MessageEvent<string>) => {
      try {
        handler.current(JSON.parse(message.data) as LiveEvent);
      } catch {
        /* a malformed event is skipped; the next refetch catches up */
      }
    };
    for (const topic of key.split(',')) source.addEventListener(topic, listener as EventListener);
    // The server ends a stream whose session has ended (expired, signed out elsewhere).
    source.addEventListener('session-ended', () => {
      source.close();
      reportSessionExpired();
    });
    return () => source.close();
  }, [key]);
}
