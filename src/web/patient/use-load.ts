import { useCallback, useEffect, useState } from 'preact/hooks';

/** Loads once per `key` (plain fetch; no cache library): data, error, and a way to retry or replace it. */
export function useLoad<T>(load: () => Promise<T>, key: string) {
  const [state, setState] = useState<{ data?: T; error?: unknown; loading: boolean }>({ loading: true });
  const run = useCallback(() => {
    setState((s) => ({ ...s, loading: true, error: undefined }));
    load().then(
      (data) => setState({ data, loading: false }),
      (error: unknown) => setState({ error, loading: false }),
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  useEffect(run, [run]);
  return { ...state, reload: run, setData: (data: T) => setState({ data, loading: false }) };
}
