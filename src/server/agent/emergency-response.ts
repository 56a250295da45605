import { createHandoff } from '../features/handoff-records/index.js';
import type { AgentReply, TurnEnv } from './agent-types.js';
import { say, type PlainKey } from './messages/index.js';
import type { EmergencyMatch } from './nlu/emergency.js';
import { callerName } from './tools/tool-helpers.js';

/**
 * The emergency number where the practice is (its address's country): 911 across North America,
 * 999 in the UK, 000 in Australia, 111 in New Zealand, and 112, the number every EU country and
 * most others answer, elsewhere.
 */
export function emergencyNumber(country: string | undefined): string {
  const c = (country ?? '').toUpperCase();
  if (['', 'US', 'CA', 'MX', 'PR', 'GU', 'VI', 'AS', 'MP', 'PH', 'PA', 'CR', 'SV', 'GT', 'HN', 'NI', 'DO', 'JM', 'TT', 'BS', 'BB'].includes(c)) return '911';
  if (c === 'GB' || c === 'UK' || c === 'IE' || c === 'HK' || c === 'SG' || c === 'MY') return '999';
  if (c === 'AU') return '000';
  if (c === 'NZ') return '111';
  return '112';
}

/** The stock English message organizations start with (it names 911 whatever the country). */
const STOCK_MESSAGE = 'If this is a medical emergency, hang up and call 911 now.';

const CRISIS_LINE: Record<string, PlainKey> = { US: 'emergency.crisisLineUS', CA: 'emergency.crisisLineCA', GB: 'emergency.crisisLineGB' };

/** What the caller hears: the organization's own text in the call's language, else the stock one with the country's number. */
export function emergencyMessage(env: Pick<TurnEnv, 'org' | 'state'>): string {
  const number = emergencyNumber(env.org.address.country);
  const s = env.org.settings as TurnEnv['org']['settings'] & { emergencyMessageEs?: string };
  if (env.state.language === 'es') return s.emergencyMessageEs || say(env, 'emergency.stock', { number });
  const own = s.emergencyMessage;
  if (own && !(own === STOCK_MESSAGE && number !== '911')) return own;
  return say(env, 'emergency.stock', { number });
}

/**
 * Whatever the brain and wherever the conversation is: the organization's emergency message,
 * an urgent handoff so staff follow up at once, and the line is freed for the emergency call.
 */
export async function respondToEmergency(env: TurnEnv, match: EmergencyMatch, said: string): Promise<AgentReply> {
  const started = performance.now();
  if (!env.state.done.emergency) {
    env.log.add('tool_call', { name: 'urgent_handoff', arguments: { category: match.category, phrase: match.phrase } });
    const handoff = await createHandoff(env.ctx, await env.tx(), {
      organizationId: env.org.id,
      deadlineRules: await env.rules(),
      type: 'urgent',
      priority: 'urgent',
      source: 'call',
      reason: `Possible emergency (${match.category})${env.state.language === 'es' ? ' — the caller speaks Spanish' : ''}: the caller said "${said.slice(0, 300)}"`,
      callId: env.call.id,
      contactName: callerName(env.state),
      contactPhone: env.call.from,
      details: { category: match.category, phrase: match.phrase, language: env.state.language ?? 'en' },
    });
    env.log.add('tool_result', { name: 'urgent_handoff', ok: true, result: { handoffId: handoff.id, priority: 'urgent' } }, Math.round(performance.now() - started));
  }
  env.state.done.emergency = match.category;
  const line = CRISIS_LINE[env.org.country];
  const crisis = match.category === 'mental_health' ? ` ${line ? say(env, line) : ''}`.trimEnd() : '';
  const alerted = say(env, 'emergency.alerted');
  return { text: `${emergencyMessage(env)}${crisis} ${alerted}`, next: { type: 'hangup' } };
}
