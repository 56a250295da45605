/**
 * The end of an outbound conversation (issue 27 §2): what the callee decided, applied to the
 * job, the do-not-call list, an appointment request or a handoff. Split from the queue's state
 * machine (outbound-queue.service.ts), which places calls and applies provider statuses.
 */
import type { AppContext } from '../../app-context.js';
import type { DbOrTx } from '../../db/client.js';
import type { Preferences } from '../../agent/nlu/preferences.js';
import { createSubmittedRequest } from '../appointment-requests/index.js';
import { addDoNotCallFromCall } from '../do-not-call/index.js';
import { createHandoff, noteOutboundAnswer } from '../handoff-records/index.js';
import { findOrganizationById } from '../organizations/index.js';
import type { OutboundOutcome } from '../../../domain/outbound/vocabulary.js';
import { findCampaign, type CampaignRow, type JobRow } from './outbound.repository.js';
import { findAttempt, lockJob, updateJob } from './outbound-queue.repository.js';

/** What the conversation decided (agent/outbound/outbound-dialogue.ts's effects). */
export interface ConversationEffects {
  outcome?: OutboundOutcome;
  response?: string;
  doNotCall?: boolean;
  handoff?: { type: 'callback' | 'urgent'; reason: string };
  appointmentRequest?: { preferences: Preferences | null; said: string; notes: string };
  callAgainInMs?: number;
}

/**
 * What the conversation decided, applied as it ends and before the agent's last words (issue 27
 * §2): the number on the do-not-call list at once; the appointment request the callee asked for
 * (its reference is said back), or a handoff with their words — on the handoff a call-back
 * answers when there is one, never a second for the same job; the callee's words and what was
 * created on the job's row. The staff's instructions go with the record, for the people who follow up.
 */
export async function applyConversationEnd(ctx: AppContext, attemptId: string, effects: ConversationEffects, locale: 'en' | 'es' = 'en'): Promise<{ referenceCode?: string }> {
  const attempt = await findAttempt(ctx.db, attemptId);
  if (!attempt?.callId) return {};
  const callId = attempt.callId;
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const job = await lockJob(tx, attempt.jobId);
    if (!job) return {};
    const campaign = job.campaignId ? await findCampaign(tx, job.campaignId) : undefined;
    const guidance = [job.instructions, campaign?.instructions].find((t) => t?.trim());
    const forStaff = (line: string) => (guidance ? `${line}\nThe practice's instructions for this call: ${guidance.trim()}` : line);
    const patch: Partial<JobRow> = {};
    if (effects.response) patch.response = effects.response.slice(0, 1000);
    if (effects.doNotCall) {
      await addDoNotCallFromCall(tx, { organizationId: job.organizationId, phone: job.phone, reason: 'Asked during an outbound call never to be called again.', callId });
    }
    let referenceCode: string | undefined;
    let handoff = effects.handoff;
    if (effects.appointmentRequest && !job.appointmentRequestId) {
      const made = await requestFromCall(ctx, tx, job, campaign, callId, effects.appointmentRequest, forStaff, locale);
      if (made) {
        referenceCode = made.referenceCode;
        patch.appointmentRequestId = made.id;
        patch.resultHandoffId = made.handoffId;
      } else handoff ??= { type: 'callback', reason: effects.appointmentRequest.notes };
    }
    if (handoff?.type === 'urgent' || (handoff && !job.handoffId && !job.resultHandoffId)) {
      const row = await createHandoff(ctx, tx, {
        organizationId: job.organizationId,
        type: handoff.type,
        priority: handoff.type === 'urgent' ? 'urgent' : 'normal',
        source: 'call',
        reason: forStaff(handoff.reason),
        callId,
        patientId: job.patientId,
        contactName: job.contactName || null,
        contactPhone: job.phone,
        details: { outboundJobId: job.id },
        at: now,
      });
      patch.resultHandoffId = row.id;
    } else if (handoff && job.handoffId) {
      // A call-back's answer lands on the handoff it answers (settleJob adds the call's result there too).
      await noteOutboundAnswer(tx, { handoffId: job.handoffId, organizationId: job.organizationId, text: handoff.reason, callId, jobId: job.id, at: now });
    }
    if (Object.keys(patch).length) await updateJob(tx, job.id, { ...patch, updatedAt: now });
    return referenceCode ? { referenceCode } : {};
  });
}

/** The request the callee asked for, in the same steps as the phone agent's and the web form's. */
async function requestFromCall(
  ctx: AppContext,
  tx: DbOrTx,
  job: JobRow,
  campaign: CampaignRow | undefined,
  callId: string,
  wanted: NonNullable<ConversationEffects['appointmentRequest']>,
  forStaff: (line: string) => string,
  locale: 'en' | 'es',
): Promise<{ id: string; referenceCode: string; handoffId: string } | null> {
  const org = await findOrganizationById(tx, job.organizationId);
  const settings = (org?.appointmentSettings ?? {}) as { enabled?: unknown; visitReasons?: unknown };
  const reasons = Array.isArray(settings.visitReasons) ? settings.visitReasons.filter((r): r is string => typeof r === 'string') : [];
  const [first, ...rest] = job.contactName.trim().split(/\s+/);
  // A practice that takes no appointment requests by phone gets a handoff instead (the caller hears the same).
  if (!org || settings.enabled === false || !job.dateOfBirth || !first || !rest.length) return null;
  const visit = job.visitType.trim() || String(job.fields['Due for'] ?? job.fields['Visit type'] ?? '').trim() || campaign?.visitType.trim() || '';
  const named = reasons.find((r) => r.toLowerCase() === visit.toLowerCase());
  const p = wanted.preferences;
  const { request, handoffId } = await createSubmittedRequest(ctx, tx, {
    organizationId: job.organizationId,
    source: 'phone',
    callId,
    firstName: first,
    lastName: rest.join(' '),
    dateOfBirth: job.dateOfBirth,
    phone: job.phone,
    // Called because the practice already knows them (a recall, a follow-up): not a new patient.
    isNewPatient: job.patientId || job.purpose === 'recall' ? false : null,
    reason: named ?? 'Other',
    reasonOther: named ? null : visit || (job.purpose === 'recall' ? 'Recall visit' : 'Visit requested on an outbound call'),
    preferences: p ? { days: p.days, timesOfDay: p.timesOfDay, ...(p.earliestDate ? { earliestDate: p.earliestDate } : {}), text: wanted.said.slice(0, 300) } : { text: wanted.said.slice(0, 300) },
    notes: forStaff(wanted.notes),
    locale,
    consentToContact: true,
  });
  return { id: request.id, referenceCode: request.referenceCode, handoffId };
}
