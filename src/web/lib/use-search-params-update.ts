import * as React from 'react';
import { useSearchParams } from 'react-router';

export interface SearchParamsChangeOptions {
  /** Drop the page position (a filter or sort changed); true unless told otherwise. */
  resetPage?: boolean;
}

/**
 * Changes a list's URL state: an undefined or empty value removes its key; unless told otherwise
 * the keys of the page position (`pageKeys`, a constant) go too. Several changes in one event (sort, then back
 * to page 1) build on each other, not on the URL of the last render. History is replaced, not pushed.
 */
export function useSearchParamsUpdate(pageKeys: readonly string[]) {
  const [searchParams, setSearchParams] = useSearchParams();
  const pending = React.useRef<URLSearchParams | null>(null);
  React.useEffect(() => {
    pending.current = null;
  }, [searchParams]);

  const update = React.useCallback(
    (changes: Record<string, string | undefined>, { resetPage = true }: SearchParamsChangeOptions = {}) => {
      const next = new URLSearchParams(pending.current ?? searchParams);
      for (const [key, value] of Object.entries(changes)) {
        if (value === undefined || value === '') next.delete(key);
        else next.set(key, value);
      }
      if (resetPage) for (const key of pageKeys) next.delete(key);
      pending.current = next;
      setSearchParams(next, { replace: true });
    },
    [searchParams, setSearchParams, pageKeys],
  );

  return { searchParams, update };
}
