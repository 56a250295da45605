import { createHandoff } from '../features/handoffs/create-handoff.service.js';
import type { AgentReply, TurnEnv } from './agent-types.js';
import type { EmergencyMatch } from './nlu/emergency.js';
import { callerName } from './tools/tool-helpers.js';

const DEFAULT_MESSAGE: Record<string, string> = {
  US: 'If this is a medical emergency, hang up and call 911 now.',
  CA: 'If this is a medical emergency, hang up and call 911 now.',
  GB: 'If this is a medical emergency, hang up and call 999 now.',
};

const CRISIS_LINE: Record<string, string> = {
  US: 'You can also call or text 988, the Suicide and Crisis Lifeline, at any time.',
  CA: 'You can also call or text 988, the Suicide Crisis Helpline, at any time.',
  GB: 'You can also call Samaritans on 116 123, free, at any time.',
};

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
      reason: `Possible emergency (${match.category}): the caller said "${said.slice(0, 300)}"`,
      callId: env.call.id,
      contactName: callerName(env.state),
      contactPhone: env.call.from,
      details: { category: match.category, phrase: match.phrase },
    });
    env.log.add('tool_result', { name: 'urgent_handoff', ok: true, result: { handoffId: handoff.id, priority: 'urgent' } }, Math.round(performance.now() - started));
  }
  env.state.done.emergency = match.category;
  const message = env.org.settings.emergencyMessage || DEFAULT_MESSAGE[env.org.country]!;
  const crisis = match.category === 'suicide' ? ` ${CRISIS_LINE[env.org.country]}` : '';
  return { text: `${message}${crisis} I've alerted the practice's staff, and someone will follow up with you.`, next: { type: 'hangup' } };
}
