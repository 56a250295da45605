import * as React from 'react';

/** The current time, re-read every `intervalMs` (20 s by default) so countdowns and "now" lines move. */
export function useNow(intervalMs = 20_000): Date {
  const [now, setNow] = React.useState(() => new Date());
  React.useEffect(() => {
    const id = window.setInterval(() => setNow(new Date()), intervalMs);
    return () => window.clearInterval(id);
  }, [intervalMs]);
  return now;
}
