import type { AgentState, TurnEnv } from '../agent-types.js';
import { extractPhone } from '../nlu/phone-numbers.js';

/** Open now (a paused organization never is), and when that next changes. */
export async function openState(env: TurnEnv): Promise<{ open: boolean; nextChangeMs: number | null }> {
  const status = await env.hoursNow();
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
