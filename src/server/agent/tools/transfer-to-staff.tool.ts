import { z } from 'zod';
import { createHandoff } from '../../features/handoff-records/index.js';
import { say, when as whenOpen } from '../messages/index.js';
import { onDutyIn, type OnDutyPerson } from '../../features/schedules/index.js';
import type { TransferTarget, TurnEnv } from '../agent-types.js';
import { needsClinicianNow } from '../nlu/urgency.js';
import { callerName, openState } from './tool-helpers.js';
import type { ToolDefinition, ToolResult } from './tool-types.js';

const schema = z.object({
  reason: z.string().max(500).default('').describe('Why the caller wants a person, in a few words'),
  urgent: z
    .boolean()
    .optional()
    .describe('True when the caller needs clinical advice now (someone unwell, a sick child): outside office hours this reaches the on-call cover'),
});

export const TRANSFER_TIMEOUT_SECONDS = 20;

function targetOf(person: OnDutyPerson | undefined): TransferTarget | undefined {
  if (!person) return undefined;
  return person.type === 'user' ? { type: 'user', userId: person.userId!, name: person.name, phone: person.dialPhone } : { type: 'phone', phone: person.dialPhone!, name: person.name };
}

export const transferToStaffTool: ToolDefinition<typeof schema> = {
  name: 'transfer_to_staff',
  description:
    'Transfers the call to the staff member on duty while the practice is open; outside office hours an urgent clinical call goes to the after-hours cover when the practice has one. When it cannot (closed, nobody on duty), it says why: then offer a callback (request_callback, urgent when this was urgent) or a message.',
  schema,
  async execute(env, args) {
    const behaviour = env.org.settings.transferBehaviour;
    if (behaviour !== 'on_duty_then_callback') {
      const offer = behaviour === 'never_transfer' ? say(env, 'transfer.notOfferedMessage') : say(env, 'transfer.notOfferedCallback');
      return { ok: true, result: { transferred: false, why: 'not_offered', offer: behaviour === 'never_transfer' ? 'message' : 'callback' }, speech: offer };
    }
    const org = { id: env.org.id, timeZone: env.org.timeZone };
    const { open, nextChangeMs } = await openState(env);
    if (!open) {
      // Office hours are for the office; an unwell patient after hours reaches whoever covers the night (issue 19 §1).
      const urgent = args.urgent === true || needsClinicianNow(args.reason);
      const cover = urgent && env.org.status === 'active' ? targetOf((await onDutyIn(env.reader(), org, env.now, { purpose: 'after_hours' }))[0]) : undefined;
      if (cover) return transfer(env, cover, args.reason, true);
      const when = nextChangeMs ? ` ${say(env, 'hours.opensAgain', { when: whenOpen(nextChangeMs, env.now.getTime(), env.org.timeZone) })}` : '';
      return {
        ok: true,
        result: { transferred: false, why: 'closed', urgent, opensAt: nextChangeMs ? new Date(nextChangeMs).toISOString() : null },
        speech: `${say(env, 'transfer.closed')}${when} ${say(env, 'transfer.canCallBack')}`,
      };
    }
    const target = targetOf((await onDutyIn(env.reader(), org, env.now))[0]);
    if (!target) {
      return { ok: true, result: { transferred: false, why: 'nobody_available' }, speech: say(env, 'transfer.nobody') };
    }
    return transfer(env, target, args.reason, false);
  },
};

/** The live-transfer task and the dial: high priority in the office, urgent to the after-hours cover. */
async function transfer(env: TurnEnv, target: TransferTarget, reason: string, afterHours: boolean): Promise<ToolResult> {
  const why = reason || 'the caller asked for a person';
  const handoff = await createHandoff(env.ctx, await env.tx(), {
    organizationId: env.org.id,
    deadlineRules: await env.rules(),
    type: 'live_transfer',
    priority: afterHours ? 'urgent' : 'high',
    source: 'call',
    reason: afterHours ? `After-hours urgent transfer: ${why}` : `Live transfer: ${why}`,
    callId: env.call.id,
    contactName: callerName(env.state),
    contactPhone: env.call.from,
    details: { target: { type: target.type, name: target.name, ...(target.type === 'user' ? { userId: target.userId } : { phone: target.phone }) }, ...(afterHours ? { afterHours: true } : {}) },
  });
  env.state.pendingTransfer = { target, handoffId: handoff.id, ...(afterHours ? { urgent: true } : {}) };
  env.log.add('transfer', { target: target.type === 'user' ? { type: 'user', userId: target.userId, name: target.name } : { type: 'phone', phone: target.phone }, ...(afterHours ? { afterHours: true } : {}) });
  const speech = afterHours
    ? target.type === 'user'
      ? say(env, 'transfer.onCallName', { name: target.name })
      : say(env, 'transfer.onCallLine')
    : target.type === 'user'
      ? say(env, 'transfer.holdName', { name: target.name })
      : say(env, 'transfer.holdTeam');
  return {
    ok: true,
    result: { transferred: true, target: { type: target.type, name: target.name }, ...(afterHours ? { afterHours: true } : {}) },
    speech,
    next: { type: 'transfer', target, timeoutSeconds: TRANSFER_TIMEOUT_SECONDS },
  };
}
