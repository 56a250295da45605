import { z } from 'zod';
import { createHandoff } from '../../features/handoffs/create-handoff.service.js';
import { callerName, phoneArgument } from './tool-helpers.js';
import type { ToolDefinition } from './tool-types.js';

const schema = z.object({
  message: z.string().trim().min(1).max(2000),
  name: z.string().max(200).optional().describe("The caller's name"),
  phone: z.string().max(40).optional().describe("Number to reply to; the caller's own number when omitted"),
  recipient: z.string().max(200).optional().describe('Who the message is for, if someone in particular'),
});

export const takeMessageTool: ToolDefinition<typeof schema> = {
  name: 'take_message',
  description: 'Passes a message from the caller to the practice staff (a message task in their queue).',
  schema,
  async execute(env, args) {
    const phone = phoneArgument(env, args.phone);
    const handoff = await createHandoff(env.ctx, await env.tx(), {
      organizationId: env.org.id,
      deadlineRules: await env.rules(),
      type: 'message',
      priority: 'normal',
      source: 'call',
      reason: `Message${args.recipient ? ` for ${args.recipient}` : ''}: ${args.message}`,
      callId: env.call.id,
      contactName: args.name || callerName(env.state),
      contactPhone: phone,
      details: { message: args.message, recipient: args.recipient ?? null },
    });
    env.state.done.message = true;
    return {
      ok: true,
      result: { handoffId: handoff.id },
      speech: `Thank you, I've passed your message on${args.recipient ? ` to ${args.recipient}` : ''}. Someone will get back to you if needed.`,
    };
  },
};
