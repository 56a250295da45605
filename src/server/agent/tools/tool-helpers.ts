import { isOpen, nextChange, type Hours } from '../../../domain/time/index.js';
import { findHours } from '../../features/hours/hours.repository.js';
import { toHours } from '../../features/hours/hours.service.js';
import type { AgentState, TurnEnv } from '../agent-types.js';
import { extractPhone } from '../nlu/phone-numbers.js';

const hoursCache = new WeakMap<TurnEnv, Promise<Hours>>();

/** The organization's hours: those read with the call, else read once per turn. */
export function hoursOf(env: TurnEnv): Promise<Hours> {
  let h = hoursCache.get(env);
  if (!h) {
    h = env.rules ? Promise.resolve(toHours(env.org.timeZone, env.rules.hours)) : findHours(env.reader(), env.org.id).then((row) => toHours(env.org.timeZone, row));
    hoursCache.set(env, h);
  }
  return h;
}

const openCache = new WeakMap<TurnEnv, Promise<{ open: boolean; nextChangeMs: number | null }>>();

/** Open now (a paused organization never is), and when that next changes; worked out once per turn. */
export function openState(env: TurnEnv): Promise<{ open: boolean; nextChangeMs: number | null }> {
  let state = openCache.get(env);
  if (!state) {
    state = hoursOf(env).then((hours) => {
      const now = env.now.getTime();
      const change = nextChange(hours, now);
      return { open: env.org.status === 'active' && isOpen(hours, now), nextChangeMs: change ? change.at.epochMilliseconds : null };
    });
    openCache.set(env, state);
  }
  return state;
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
