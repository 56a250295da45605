import * as React from 'react';
import { useLocation, useSearchParams } from 'react-router';

export interface SearchParamsChangeOptions {
  /** Drop the page position (a filter or sort changed); true unless told otherwise. */
  resetPage?: boolean;
  /** New history state for the entry (state that must not be in the address); the current one is kept otherwise. */
  state?: unknown;
}

/**
 * Changes a list's URL state: an undefined or empty value removes its key; unless told otherwise
 * the keys of the page position (`pageKeys`, a constant) go too. Several changes in one event (sort, then back
 * to page 1) build on each other, not on the URL of the last render. History is replaced, not pushed;
 * its state is kept unless a change sets it.
 */
export function useSearchParamsUpdate(pageKeys: readonly string[]) {
  const [searchParams, setSearchParams] = useSearchParams();
  const { state: currentState } = useLocation() as { state: unknown };
  const pending = React.useRef<URLSearchParams | null>(null);
  const pendingState = React.useRef<{ value: unknown } | null>(null);
  React.useEffect(() => {
    pending.current = null;
    pendingState.current = null;
  }, [searchParams, currentState]);

  const update = React.useCallback(
    (changes: Record<string, string | undefined>, options: SearchParamsChangeOptions = {}) => {
      const { resetPage = true } = options;
      const next = new URLSearchParams(pending.current ?? searchParams);
      for (const [key, value] of Object.entries(changes)) {
        if (value === undefined || value === '') next.delete(key);
        else next.set(key, value);
      }
      if (resetPage) for (const key of pageKeys) next.delete(key);
      pending.current = next;
      if ('state' in options) pendingState.current = { value: options.state };
      setSearchParams(next, { replace: true, state: pendingState.current ? pendingState.current.value : currentState });
    },
    [searchParams, setSearchParams, pageKeys, currentState],
  );

  return { searchParams, update };
}
