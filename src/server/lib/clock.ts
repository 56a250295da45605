/**
 * The server's notion of now. Production reads the system clock; browser tests may move it
 * forward (ENABLE_TEST_CLOCK) to watch an idle session expire without waiting 30 minutes.
 */
export interface Clock {
  now(): Date;
  advance(ms: number): void;
  reset(): void;
  offsetMs(): number;
}

export function systemClock(): Clock {
  let offset = 0;
  return {
    now: () => new Date(Date.now() + offset),
    advance: (ms) => {
      offset += ms;
    },
    reset: () => {
      offset = 0;
    },
    offsetMs: () => offset,
  };
}
