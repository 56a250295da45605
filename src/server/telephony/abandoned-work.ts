import type { AgentState } from '../agent/agent-types.js';
import { sayPreferences } from '../agent/nlu/preferences.js';
import type { NewHandoff } from '../features/handoff-records/index.js';

/**
 * A call that ends half-way loses no one (issue 19 §2). When the caller hangs up, or the line
 * drops or goes silent, while the agent was taking an appointment request, a message or a
 * call-back request, or while a transfer was ringing, what was collected becomes a call-back
 * task for the front desk, the call's outcome is `abandoned` (unless it already achieved
 * something weightier: an emergency or a booked request) and its summary says what was being
 * done.
 */
export interface AbandonedWork {
  /** What the caller was in the middle of, as the summary and the task say it. */
  doing: string;
  kind: 'appointment' | 'message' | 'callback' | 'transfer';
  /** Someone unwell was waiting for the after-hours cover or an urgent call-back: the task is urgent. */
  urgent?: boolean;
  /** The call-back was being arranged because a transfer went unanswered: the caller has waited already. */
  afterTransfer?: boolean;
  /** What was collected, field by field (only what the caller gave). */
  collected: Record<string, string>;
  contactName: string | null;
  contactPhone: string | null;
}

const LABELS: Record<string, string> = {
  name: 'name',
  dateOfBirth: 'date of birth',
  reason: 'reason',
  patient: 'patient',
  preferences: 'preferred times',
  phone: 'call-back number',
  message: 'message',
  transferTo: 'transfer to',
};

/** The work a call was in the middle of when it ended, or null when nothing was under way. */
export function abandonedWork(state: AgentState, callerNumber: string): AbandonedWork | null {
  const d = state.done;
  const b = state.builtin;
  const ownNumber = /^\+[1-9]\d{6,14}$/.test(callerNumber) ? callerNumber : null;
  const clean = (o: Record<string, string | undefined | null>) =>
    Object.fromEntries(Object.entries(o).filter((e): e is [string, string] => typeof e[1] === 'string' && e[1].trim() !== '')) as Record<string, string>;

  if (b.flow === 'appointment' && !d.appointment) {
    const a = b.appt;
    const name = [a.first, a.last].filter(Boolean).join(' ');
    const collected = clean({
      name,
      dateOfBirth: a.dobIso,
      reason: a.reasonOther || a.reason,
      patient: a.isNew === undefined ? undefined : a.isNew ? 'new' : 'existing',
      preferences: a.prefs ? sayPreferences(a.prefs) : undefined,
      phone: a.phone,
    });
    return { kind: 'appointment', doing: 'an appointment request', collected, contactName: name || null, contactPhone: a.phone ?? ownNumber };
  }
  if (b.flow === 'message' && !d.message) {
    const collected = clean({ name: b.msg.name, message: b.msg.text, phone: b.msg.phone });
    return { kind: 'message', doing: 'a message for the practice', collected, contactName: b.msg.name ?? null, contactPhone: b.msg.phone ?? ownNumber };
  }
  if (b.flow === 'callback' && !d.callback) {
    const collected = clean({ reason: b.cb.reason, phone: b.cb.phone });
    // After an unanswered after-hours transfer the call-back being arranged is as urgent as the transfer was.
    const urgent = b.cb.urgent === true || state.pendingTransfer?.urgent === true;
    return {
      kind: 'callback',
      doing: 'a call-back request',
      collected,
      contactName: null,
      contactPhone: b.cb.phone ?? ownNumber,
      ...(urgent ? { urgent: true } : {}),
      ...(state.pendingTransfer ? { afterTransfer: true } : {}),
    };
  }
  if (state.pendingTransfer && !d.transferred) {
    const name = [b.appt.first, b.appt.last].filter(Boolean).join(' ') || b.msg.name || null;
    const collected = clean({ transferTo: state.pendingTransfer.target.name, name: name ?? undefined });
    return {
      kind: 'transfer',
      doing: `a${state.pendingTransfer.urgent ? 'n after-hours urgent' : ''} transfer to ${state.pendingTransfer.target.name}`,
      collected,
      contactName: name,
      contactPhone: ownNumber,
      ...(state.pendingTransfer.urgent ? { urgent: true } : {}),
    };
  }
  return null;
}

/** "name Jane Smith; reason fever" — what was collected, for the summary and the task. */
export function describeCollected(collected: Record<string, string>): string {
  return Object.entries(collected)
    .map(([key, value]) => `${LABELS[key] ?? key} ${value}`)
    .join('; ');
}

/** The summary sentence: what was being done and how the call ended. */
export function abandonedSummary(work: AbandonedWork, endedBy: 'caller' | 'timeout'): string {
  const how = endedBy === 'timeout' ? 'The line went silent' : 'The caller hung up';
  const what = Object.keys(work.collected).length ? ` (collected: ${describeCollected(work.collected)})` : ' before giving any details';
  return `${how} during ${work.doing}${what}. Call-back task created.`;
}

/** The call-back task for the front desk: high priority when the caller was waiting for a person, urgent when they were unwell. */
export function abandonedHandoff(work: AbandonedWork, call: { id: string; organizationId: string }, endedBy: 'caller' | 'timeout'): NewHandoff {
  const how = endedBy === 'timeout' ? 'the line went silent' : 'the caller hung up';
  const collected = Object.keys(work.collected).length ? ` Collected: ${describeCollected(work.collected)}.` : '';
  return {
    organizationId: call.organizationId,
    type: 'callback',
    // The same priorities as the call-back the agent would have saved itself (request_callback).
    priority: work.urgent ? 'urgent' : work.kind === 'transfer' || work.afterTransfer ? 'high' : 'normal',
    source: 'call',
    reason: `Call back: ${how} during ${work.doing}.${collected}`,
    callId: call.id,
    contactName: work.contactName,
    contactPhone: work.contactPhone,
    details: { abandoned: { kind: work.kind, collected: work.collected, endedBy } },
  };
}
