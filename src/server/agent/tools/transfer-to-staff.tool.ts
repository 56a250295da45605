import { z } from 'zod';
import { createHandoff } from '../../features/handoffs/create-handoff.service.js';
import { sayWhen } from './hours-speech.js';
import { onDutyIn } from '../../features/schedules/on-duty.service.js';
import type { TransferTarget } from '../agent-types.js';
import { callerName, openState } from './tool-helpers.js';
import type { ToolDefinition } from './tool-types.js';

const schema = z.object({ reason: z.string().max(500).default('').describe('Why the caller wants a person, in a few words') });

export const TRANSFER_TIMEOUT_SECONDS = 20;

export const transferToStaffTool: ToolDefinition<typeof schema> = {
  name: 'transfer_to_staff',
  description:
    "Transfers the call to the staff member on duty, when the practice is open and someone is. When it cannot (closed, nobody on duty), it says why: then offer a callback (request_callback) or a message.",
  schema,
  async execute(env, args) {
    const behaviour = env.org.settings.transferBehaviour;
    if (behaviour !== 'on_duty_then_callback') {
      const offer = behaviour === 'never_transfer' ? 'I can take a message for the team.' : 'I can have someone call you back.';
      return { ok: true, result: { transferred: false, why: 'not_offered', offer: behaviour === 'never_transfer' ? 'message' : 'callback' }, speech: `I'm not able to transfer calls, but ${offer}` };
    }
    const { open, nextChangeMs } = await openState(env);
    if (!open) {
      const when = nextChangeMs ? ` We open again ${sayWhen(nextChangeMs, env.now.getTime(), env.org.timeZone)}.` : '';
      return {
        ok: true,
        result: { transferred: false, why: 'closed', opensAt: nextChangeMs ? new Date(nextChangeMs).toISOString() : null },
        speech: `We're closed right now, so there's nobody here to take your call.${when} I can have someone call you back.`,
      };
    }
    const [person] = await onDutyIn(env.reader(), { id: env.org.id, timeZone: env.org.timeZone }, env.now);
    const target: TransferTarget | undefined = !person
      ? undefined
      : person.type === 'user'
        ? { type: 'user', userId: person.userId!, name: person.name, phone: person.dialPhone }
        : { type: 'phone', phone: person.dialPhone!, name: person.name };
    if (!target) {
      return { ok: true, result: { transferred: false, why: 'nobody_available' }, speech: "I'm sorry, nobody is available to take your call right now. I can have someone call you back." };
    }
    const handoff = await createHandoff(env.ctx, await env.tx(), {
      organizationId: env.org.id,
      deadlineRules: await env.rules(),
      type: 'live_transfer',
      priority: 'high',
      source: 'call',
      reason: args.reason ? `Live transfer: ${args.reason}` : 'Live transfer: the caller asked for a person',
      callId: env.call.id,
      contactName: callerName(env.state),
      contactPhone: env.call.from,
      details: { target: { type: target.type, name: target.name, ...(target.type === 'user' ? { userId: target.userId } : { phone: target.phone }) } },
    });
    env.state.pendingTransfer = { target, handoffId: handoff.id };
    env.log.add('transfer', { target: target.type === 'user' ? { type: 'user', userId: target.userId, name: target.name } : { type: 'phone', phone: target.phone } });
    return {
      ok: true,
      result: { transferred: true, target: { type: target.type, name: target.name } },
      speech: `Please hold while I connect you with ${target.type === 'user' ? target.name : 'a member of our team'}.`,
      next: { type: 'transfer', target, timeoutSeconds: TRANSFER_TIMEOUT_SECONDS },
    };
  },
};
