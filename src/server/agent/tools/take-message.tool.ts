import { z } from 'zod';
import { createHandoff } from '../../features/handoff-records/index.js';
import { say } from '../messages/index.js';
import { messageTopic, TOPIC_WORDS } from '../nlu/message-topics.js';
import { callerName, phoneArgument } from './tool-helpers.js';
import type { ToolDefinition } from './tool-types.js';

const schema = z.object({
  message: z.string().trim().min(1).max(2000),
  name: z.string().max(200).optional().describe("The caller's name"),
  phone: z.string().max(40).optional().describe("Number to reply to; the caller's own number when omitted"),
  recipient: z.string().max(200).optional().describe('Who the message is for, if someone in particular'),
  topic: z.enum(['refill', 'results', 'running_late', 'cancel', 'reschedule', 'billing', 'other']).optional().describe('What the message is about; worked out from the message when omitted'),
  dateOfBirth: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'YYYY-MM-DD').optional().describe("The patient's date of birth, when the caller gave it"),
});

export const takeMessageTool: ToolDefinition<typeof schema> = {
  name: 'take_message',
  description: 'Passes a message from the caller to the practice staff (a message task in their queue).',
  schema,
  async execute(env, args) {
    const phone = phoneArgument(env, args.phone);
    const topic = args.topic ?? messageTopic(args.message);
    const language = env.state.language ?? 'en';
    const handoff = await createHandoff(env.ctx, await env.tx(), {
      organizationId: env.org.id,
      deadlineRules: await env.rules(),
      type: 'message',
      priority: 'normal',
      source: 'call',
      reason: `Message${args.recipient ? ` for ${args.recipient}` : ''} (${TOPIC_WORDS[topic]}${language === 'es' ? '; the caller speaks Spanish' : ''}): ${args.message}`,
      callId: env.call.id,
      contactName: args.name || callerName(env.state),
      contactPhone: phone,
      details: { message: args.message, recipient: args.recipient ?? null, topic, dateOfBirth: args.dateOfBirth ?? null, language },
    });
    env.state.done.message = true;
    return {
      ok: true,
      result: { handoffId: handoff.id, topic },
      speech:
        topic === 'running_late'
          ? say(env, 'message.savedRunningLate')
          : args.recipient
            ? say(env, 'message.savedFor', { recipient: args.recipient })
            : say(env, 'message.saved'),
    };
  },
};
