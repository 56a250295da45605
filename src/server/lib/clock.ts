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

/**
 * A clock that stands at `startAt` until it is moved: the demo's history happens at chosen
 * moments in the past through the real services (a scripted call, a demo patient's request).
 */
export function scriptedClock(startAt: Date): Clock & { wait(ms: number): void } {
  let t = startAt.getTime();
  return {
    now: () => new Date(t),
    advance: (ms) => {
      t += ms;
    },
    wait: (ms) => {
      t += ms;
    },
    reset: () => undefined,
    offsetMs: () => 0,
  };
}
