import type { Hours } from '../../../domain/time/index.js';
import { cachedHoursStatus, toHours } from '../../features/organizations/index.js';
import type { AgentState, TurnEnv } from '../agent-types.js';
import { extractPhone } from '../nlu/phone-numbers.js';

const hoursCache = new WeakMap<TurnEnv, Promise<Hours>>();

/** The organization's hours, read once per turn. */
export function hoursOf(env: TurnEnv): Promise<Hours> {
  let h = hoursCache.get(env);
  if (!h) {
    h = env.rules().then((rules) => toHours(env.org.timeZone, rules?.hours));
    hoursCache.set(env, h);
  }
  return h;
}

/** What the hours say now: open or closed, the override's label, when that changes, and describeStatus's words. */
export interface HoursNow {
  open: boolean;
  label: string | null;
  nextChangeMs: number | null;
  text: string;
}

const statusOfTurn = new WeakMap<TurnEnv, Promise<HoursNow>>();

/**
 * The hours' status at the turn's time, worked out once per turn, from the hours status cache
 * (the one `/hours` and open-now use, keyed by the hours' version).
 */
export function hoursNow(env: TurnEnv): Promise<HoursNow> {
  let status = statusOfTurn.get(env);
  if (!status) {
    const nowMs = env.now.getTime();
    status = Promise.all([env.rules(), hoursOf(env)]).then(([rules, hours]): HoursNow => {
      const s = cachedHoursStatus(env.org.id, rules?.hours?.version ?? 0, hours, nowMs);
      return { open: s.open, label: s.label, nextChangeMs: s.nextChange?.at ?? null, text: s.text };
    });
    statusOfTurn.set(env, status);
  }
  return status;
}

/** Open now (a paused organization never is), and when that next changes. */
export async function openState(env: TurnEnv): Promise<{ open: boolean; nextChangeMs: number | null }> {
  const status = await hoursNow(env);
  return { open: env.org.status === 'active' && status.open, nextChangeMs: status.nextChangeMs };
}

/** The caller's name as far as the conversation told it. */
export function callerName(state: AgentState): string | null {
  const a = state.builtin.appt;
  const name = [a.first, a.last].filter(Boolean).join(' ') || state.builtin.msg.name || null;
  return name;
}

/** A number a model or a caller gave, as E.164; the caller's own number when none was given. */
export function phoneArgument(env: TurnEnv, raw: string | undefined): string | null {
  if (!raw || !raw.trim()) return /^\+[1-9]\d{6,14}$/.test(env.call.from) ? env.call.from : null;
  if (/^\+[1-9]\d{6,14}$/.test(raw.trim())) return raw.trim();
  return extractPhone(raw, env.org.country);
}
