import { z } from 'zod';
import { say } from '../messages/index.js';
import { sayPhone } from '../nlu/phone-numbers.js';
import { addDoNotCallFromCall } from '../../features/do-not-call/index.js';
import { phoneArgument } from './tool-helpers.js';
import type { ToolDefinition } from './tool-types.js';

const schema = z.object({ phone: z.string().max(40).optional().describe("The number to add; the caller's own number when omitted") });

export const addToDoNotCallTool: ToolDefinition<typeof schema> = {
  name: 'add_to_do_not_call',
  description: "Adds the caller's number to the practice's do-not-call list, so outbound calls never go to it.",
  schema,
  async execute(env, args) {
    const phone = phoneArgument(env, args.phone);
    if (!phone) return { ok: false, result: { error: 'invalid_phone' }, speech: say(env, 'doNotCall.askNumber') };
    await addDoNotCallFromCall(await env.tx(), { organizationId: env.org.id, phone, reason: 'Asked during a call', callId: env.call.id });
    env.state.done.doNotCall = true;
    return { ok: true, result: { added: true, phone }, speech: say(env, 'doNotCall.added', { phone: sayPhone(phone) }) };
  },
};
