import { z } from 'zod';
import { createHandoff } from '../../features/handoff-records/index.js';
import { messageTopic, TOPIC_WORDS } from '../nlu/message-topics.js';
import { sayPhone } from '../nlu/phone-numbers.js';
import { needsClinicianNow } from '../nlu/urgency.js';
import { say, when } from '../messages/index.js';
import { callerName, openState, phoneArgument } from './tool-helpers.js';
import type { ToolDefinition } from './tool-types.js';

const schema = z.object({
  phone: z.string().max(40).optional().describe("Number to call back; the caller's own number when omitted (confirm it with them first)"),
  reason: z.string().trim().min(1).max(1000).describe('What the call back is about'),
  name: z.string().max(200).optional(),
  urgent: z.boolean().optional().describe('True when someone unwell asked for a person and nobody could take the call'),
  clinicalReport: z.boolean().optional().describe('True when a clinician or facility (a lab with a critical result, a home-health nurse, a care home) reports about a patient: an urgent task for whoever is on call'),
  topic: z.enum(['refill', 'results', 'running_late', 'cancel', 'reschedule', 'billing', 'other']).optional().describe('What the call back is about; worked out from the reason when omitted'),
});

export const requestCallbackTool: ToolDefinition<typeof schema> = {
  name: 'request_callback',
  description: 'Asks the staff to call the caller back (a callback task in their queue). Use when a transfer is not possible or the caller prefers it.',
  schema,
  async execute(env, args) {
    const phone = phoneArgument(env, args.phone);
    if (!phone) return { ok: false, result: { error: 'invalid_phone', message: 'Ask for a valid callback number.' }, speech: say(env, 'callback.askNumber') };
    const { open, nextChangeMs } = await openState(env);
    const afterFailedTransfer = env.state.pendingTransfer !== undefined;
    // Someone unwell asking for a call-back while the office is closed cannot wait for it to open.
    const urgent = args.urgent === true || args.clinicalReport === true || env.state.pendingTransfer?.urgent === true || (!open && needsClinicianNow(args.reason));
    const topic = args.topic ?? messageTopic(args.reason);
    const language = env.state.language ?? 'en';
    const handoff = await createHandoff(env.ctx, await env.tx(), {
      organizationId: env.org.id,
      deadlineRules: await env.rules(),
      type: args.clinicalReport ? 'urgent' : 'callback',
      priority: urgent ? 'urgent' : afterFailedTransfer ? 'high' : 'normal',
      source: 'call',
      reason: args.clinicalReport ? `Clinical report for the clinician on call${language === 'es' ? ' — the caller speaks Spanish' : ''}: ${args.reason}` : `Call back${topic !== 'other' ? ` (${TOPIC_WORDS[topic]})` : ''}${language === 'es' ? ' — the caller speaks Spanish' : ''}: ${args.reason}`,
      callId: env.call.id,
      contactName: args.name || callerName(env.state),
      contactPhone: phone,
      details: { afterFailedTransfer, topic, language, about: args.reason, ...(urgent ? { urgent: true } : {}), ...(args.clinicalReport ? { clinicalReport: true } : {}) },
      textCaller: env.call.provider !== 'simulator',
    });
    env.state.done.callback = true;
    // An unwell caller is not told to wait for the office to open: the urgent task is for whoever picks it up first.
    const said = { phone: sayPhone(phone) };
    const speech =
      open || urgent
        ? say(env, 'callback.savedWhenFree', said)
        : nextChangeMs
          ? say(env, 'callback.savedAfterOpening', { ...said, when: when(nextChangeMs, env.now.getTime(), env.org.timeZone) })
          : say(env, 'callback.savedWhenPossible', said);
    return {
      ok: true,
      result: { handoffId: handoff.id, phone, priority: handoff.priority, dueAt: handoff.dueAt.toISOString() },
      speech,
    };
  },
};
