import type { AppContext } from '../../app-context.js';
import type { Tx } from '../../db/client.js';
import { AppError, conflict, invalid } from '../../http/errors.js';
import type { StaffActor } from '../../policy/actor.js';
import { HANDOFF_ACTIONS, handoffActionAllowed, type HandoffAction } from '../../../domain/handoffs/state.js';
import { recordAudit } from '../audit/index.js';
import { markInReview } from '../appointment-requests/index.js';
import { publishLive } from '../live/index.js';
import { findOrganizationById } from '../organizations/index.js';
import { sendMessage } from '../outbox/index.js';
import { handoffDueAt, type HandoffRow, assignableUsers, claimIfOpen, findHandoff, insertHandoffEvent, updateHandoffIfStatus, type HandoffListRow } from '../handoff-records/index.js';
import { howNumberWasConfirmed } from './handoff-texts.repository.js';
import { contactFrom, loadHandoff, recordsOf } from './handoffs.service.js';

type Patch = Parameters<typeof updateHandoffIfStatus>[3];
type Event = { kind: Parameters<typeof insertHandoffEvent>[1]['kind']; body?: string | null; data?: Record<string, unknown> };

const VERBS: Record<HandoffAction, string> = {
  claim: 'claimed',
  assign: 'assigned',
  resolve: 'resolved',
  cancel: 'canceled',
  reopen: 'reopened',
  callback: 'called back',
  message: 'used to message the patient',
  note: 'noted',
};

function invalidTransition(status: HandoffRow['status'], action: HandoffAction): AppError {
  return conflict(`This handoff is ${status}, so it cannot be ${VERBS[action]}.`, 'invalid_transition', { status });
}

/**
 * One state change of a handoff: checked against the state machine, applied by a conditional
 * UPDATE (the database re-checks the status, so a concurrent change makes it 409), then its
 * history event and a live update — all in one transaction. Answers the handoff as it is now.
 */
async function act(
  ctx: AppContext,
  actor: StaffActor,
  id: string,
  action: HandoffAction,
  change: (h: HandoffListRow, tx: Tx, now: Date) => Promise<{ patch: Patch; event: Event }>,
): Promise<HandoffListRow> {
  const h = await loadHandoff(ctx.db, actor, id);
  if (!handoffActionAllowed(action, h.status)) throw invalidTransition(h.status, action);
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const { patch, event } = await change(h, tx, now);
    const row = await updateHandoffIfStatus(tx, h.id, [...HANDOFF_ACTIONS[action]], patch, now);
    if (!row) {
      const current = await findHandoff(tx, h.id);
      throw invalidTransition(current?.status ?? h.status, action);
    }
    await insertHandoffEvent(tx, { handoffId: h.id, kind: event.kind, actorUserId: actor.userId, body: event.body ?? null, data: event.data ?? {}, at: now });
    await publishLive(tx, { topic: 'handoffs', organizationId: h.organizationId, type: 'updated', id: h.id, data: { status: row.status, action } });
    if (action !== 'note') {
      await recordAudit(tx, { action: `handoff.${action}`, outcome: 'success', actor, organizationId: h.organizationId, recordType: 'handoff', recordId: h.id, details: { from: h.status, to: row.status } });
    }
  });
  return (await findHandoff(ctx.db, h.id))!;
}

/**
 * The atomic claim: `UPDATE … WHERE status = 'open'`. Of two people claiming at once one wins;
 * the other gets 409 `already_claimed` naming who has it. Claiming one's own claim again is a
 * no-op. A pending appointment request moves to "in review".
 */
export async function claimHandoff(ctx: AppContext, actor: StaffActor, id: string): Promise<HandoffListRow> {
  const h = await loadHandoff(ctx.db, actor, id);
  const now = ctx.clock.now();
  const won = await ctx.db.transaction(async (tx) => {
    const row = await claimIfOpen(tx, h.id, actor.userId, now);
    if (!row) return false;
    await insertHandoffEvent(tx, { handoffId: h.id, kind: 'claimed', actorUserId: actor.userId, at: now });
    if (row.appointmentRequestId) await markInReview(ctx, tx, row.appointmentRequestId, actor);
    await publishLive(tx, { topic: 'handoffs', organizationId: h.organizationId, type: 'updated', id: h.id, data: { status: 'claimed', action: 'claim', assigneeId: actor.userId } });
    return true;
  });
  const current = (await findHandoff(ctx.db, h.id))!;
  if (won || (current.status === 'claimed' && current.assigneeId === actor.userId)) return current;
  if (current.status === 'claimed') {
    const name = current.assigneeName ?? 'someone else';
    throw conflict(`Claimed by ${name}.`, 'already_claimed', { claimedBy: current.assigneeId ? { id: current.assigneeId, name } : null });
  }
  throw invalidTransition(current.status, 'claim');
}

export async function assignHandoff(ctx: AppContext, actor: StaffActor, id: string, userId: string): Promise<HandoffListRow> {
  return act(ctx, actor, id, 'assign', async (h, tx, now) => {
    const person = (await assignableUsers(tx, h.organizationId)).find((u) => u.id === userId);
    if (!person) throw invalid({ userId: 'Choose a person who works in this organization.' });
    if (h.appointmentRequestId) await markInReview(ctx, tx, h.appointmentRequestId, actor);
    return {
      patch: { status: 'claimed', assigneeId: person.id, claimedAt: h.claimedAt ?? now },
      event: { kind: 'assigned', data: { assigneeId: person.id, assigneeName: person.name, previousAssigneeId: h.assigneeId } },
    };
  });
}

export async function addNote(ctx: AppContext, actor: StaffActor, id: string, body: string): Promise<HandoffListRow> {
  return act(ctx, actor, id, 'note', async () => ({ patch: {}, event: { kind: 'note', body } }));
}

/** Said beside the outcome when a handoff would be resolved "appointment scheduled" over a request that is not. */
export const SCHEDULE_REQUEST_FIRST = 'Schedule the appointment request first (its date and time): scheduling it resolves this handoff too.';

/**
 * Resolves with an outcome. "Appointment scheduled" on a handoff about an appointment request is
 * true only once that request is scheduled — and scheduling it (with its date and time) resolves
 * the handoff in the same transaction — so it is refused while the request is still pending or in
 * review: one action, one consistent state on both records (issue 28).
 */
export async function resolveHandoff(ctx: AppContext, actor: StaffActor, id: string, input: { outcome: string; note?: string }): Promise<HandoffListRow> {
  return act(ctx, actor, id, 'resolve', async (h, tx, now) => {
    if (input.outcome === 'appointment_scheduled' && h.appointmentRequestId) {
      const { request } = await recordsOf(tx, h);
      if (request && request.status !== 'scheduled') throw invalid({ outcome: SCHEDULE_REQUEST_FIRST });
    }
    return {
      patch: { status: 'resolved', resolvedAt: now, resolution: input.outcome, assigneeId: h.assigneeId ?? actor.userId, claimedAt: h.claimedAt ?? now },
      event: { kind: 'resolved', body: input.note || null, data: { outcome: input.outcome } },
    };
  });
}

/** Back in the queue, unassigned, with a fresh deadline counted from now. */
export async function reopenHandoff(ctx: AppContext, actor: StaffActor, id: string, note?: string): Promise<HandoffListRow> {
  return act(ctx, actor, id, 'reopen', async (h, tx, now) => ({
    patch: { status: 'open', assigneeId: null, claimedAt: null, resolvedAt: null, resolution: null, dueAt: await handoffDueAt(tx, h.organizationId, h.priority, now) },
    event: { kind: 'reopened', body: note || null, data: { previousStatus: h.status, previousResolution: h.resolution } },
  }));
}

export async function cancelHandoff(ctx: AppContext, actor: StaffActor, id: string, reason: string): Promise<HandoffListRow> {
  return act(ctx, actor, id, 'cancel', async (_h, _tx, now) => ({
    patch: { status: 'canceled', resolvedAt: now, resolution: 'canceled' },
    event: { kind: 'canceled', body: reason },
  }));
}

/** One call-back attempt and its result, with the number that was called. */
export async function recordCallback(ctx: AppContext, actor: StaffActor, id: string, input: { result: string; note?: string }): Promise<HandoffListRow> {
  return act(ctx, actor, id, 'callback', async (h, tx) => {
    const { request, patient } = await recordsOf(tx, h);
    const { phone } = contactFrom(h, request, patient);
    if (!phone) throw invalid({ result: 'This handoff has no number to call back.' });
    return { patch: {}, event: { kind: 'callback_attempt', body: input.note || null, data: { result: input.result, number: phone } } };
  });
}

/** Said beside "Send by" when a message would go by text to a number the patient has not confirmed. */
export const MESSAGE_NEEDS_CONFIRMED_NUMBER =
  'The patient has not called or texted from this number, nor signed in to the portal with it, so your words cannot go to it by text: send them by email, or text a template from “Text the patient”.';

/** The template of the notice that a message waits in the portal (names no patient, no reason). */
export const PORTAL_MESSAGE_TEMPLATE = 'portal-message-waiting';

/**
 * A message to the patient, kept in the handoff's history as `message_sent` (body = the text,
 * data.channel). When the handoff is about an appointment request, the patient reads it — and
 * answers it — in the portal, so the email or text only says a message is waiting, with a link:
 * nothing about their health travels by email or SMS. Otherwise (a caller with no request, who
 * cannot sign in to the portal) the email or text carries the message itself.
 */
export async function messagePatient(ctx: AppContext, actor: StaffActor, id: string, input: { channel: 'email' | 'sms'; body: string }): Promise<HandoffListRow> {
  return act(ctx, actor, id, 'message', async (h, tx) => {
    const { request, patient } = await recordsOf(tx, h);
    const contact = contactFrom(h, request, patient);
    const recipient = input.channel === 'email' ? contact.email : contact.phone;
    if (!recipient) throw invalid({ channel: input.channel === 'email' ? 'There is no email address for this patient.' : 'There is no phone number for this patient.' });
    const org = (await findOrganizationById(tx, h.organizationId))!;
    const inPortal = Boolean(request);
    // A text that carries the message itself only to a number the patient showed is theirs (decision 048).
    if (input.channel === 'sms' && !inPortal && !(await howNumberWasConfirmed(tx, org.id, recipient))) throw invalid({ channel: MESSAGE_NEEDS_CONFIRMED_NUMBER });
    const portalLink = `${ctx.baseUrl}/portal?org=${encodeURIComponent(org.slug)}`;
    const ref = request?.referenceCode ? ` (${request.referenceCode})` : '';
    const outbox = await sendMessage(
      tx,
      inPortal
        ? {
            channel: input.channel,
            recipient,
            subject: input.channel === 'email' ? `You have a new message from ${org.name}` : undefined,
            body:
              input.channel === 'email'
                ? `${org.name} has sent you a message. For your privacy it is not in this email: read it and reply in your patient portal.\n\n${portalLink}\n\nSign in with the email address or phone number you gave with your request and your date of birth.`
                : `${org.name}: you have a new message. Read and reply in your patient portal: ${portalLink}`,
            template: PORTAL_MESSAGE_TEMPLATE,
            organizationId: org.id,
          }
        : {
            channel: input.channel,
            recipient,
            subject: input.channel === 'email' ? `A message from ${org.name}${ref}` : undefined,
            body: input.channel === 'email' ? `${input.body}\n\n— ${org.name}` : `${org.name}: ${input.body}`,
            template: 'handoff-message',
            organizationId: org.id,
          },
    );
    return { patch: {}, event: { kind: 'message_sent', body: input.body, data: { channel: input.channel, outboxMessageId: outbox.id, notice: inPortal ? 'portal' : 'full_text' } } };
  });
}
