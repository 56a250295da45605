export type Random = () => number;

/**
 * A repeatable stream of numbers in [0, 1) from a seed (mulberry32): the same seed gives the same
 * demo calls and the same trained models on every machine.
 */
export function seededRandom(seed: number): Random {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
