import type { DbOrTx } from '../../db/client.js';
import { currentPageLoad } from '../../policy/concerned-organization.js';
import { insertAuditEvent, insertViewOnce } from './audit.repository.js';

/** What other features read of this one (its repository's queries, used as they are). */
export { listAuditEvents } from './audit.repository.js';

export type AuditOutcome = 'success' | 'failure' | 'denied';

export interface AuditEntry {
  action: string;
  outcome: AuditOutcome;
  actor?: { kind: 'staff'; userId: string; email: string; ip?: string; apiKey?: { id: string; prefix: string } } | { kind: 'patient' | 'api_key' | 'system' | 'anonymous'; id?: string; label?: string };
  organizationId?: string | null;
  recordType?: string;
  recordId?: string;
  ip?: string;
  /** Identifiers and reasons only — never the record's content (it may be health information). */
  details?: Record<string, unknown>;
  at?: Date;
}

/** The one function every feature calls to leave an audit trail, including each view of health information. */
export async function recordAudit(db: DbOrTx, entry: AuditEntry): Promise<void> {
  const actor = entry.actor;
  await insertAuditEvent(db, {
    at: entry.at,
    action: entry.action,
    outcome: entry.outcome,
    // A request made with an API key is the key's act (labelled with its prefix and its creator).
    actorType: actor ? (actor.kind === 'staff' ? (actor.apiKey ? 'api_key' : 'staff') : actor.kind) : 'anonymous',
    actorId: actor ? (actor.kind === 'staff' ? (actor.apiKey?.id ?? actor.userId) : (actor.id ?? null)) : null,
    actorLabel: actor ? (actor.kind === 'staff' ? (actor.apiKey ? `${actor.apiKey.prefix} (${actor.email})` : actor.email) : (actor.label ?? null)) : null,
    organizationId: entry.organizationId ?? null,
    recordType: entry.recordType ?? null,
    recordId: entry.recordId ?? null,
    ipAddress: entry.ip ?? (actor?.kind === 'staff' ? actor.ip : null),
    details: entry.details ?? {},
  });
}

/**
 * Views of health information: who looked at which record, when, from where. One row per view
 * of a record per page load: the web app names its page load (X-Page-Load), and the requests a
 * page repeats for the same record (refetches, live updates) add no row.
 */
export async function recordPhiView(
  db: DbOrTx,
  actor: { kind: 'staff'; userId: string; email: string; ip?: string; apiKey?: { id: string; prefix: string } },
  record: { type: string; id: string; organizationId: string | null },
): Promise<void> {
  const pageLoad = currentPageLoad();
  if (pageLoad && !actor.apiKey) {
    await insertViewOnce(
      db,
      {
        action: 'phi.view',
        outcome: 'success',
        actorType: 'staff',
        actorId: actor.userId,
        actorLabel: actor.email,
        organizationId: record.organizationId,
        recordType: record.type,
        recordId: record.id,
        ipAddress: actor.ip ?? null,
        details: {},
      },
      pageLoad,
    );
    return;
  }
  return recordAudit(db, {
    action: 'phi.view',
    outcome: 'success',
    actor,
    organizationId: record.organizationId,
    recordType: record.type,
    recordId: record.id,
  });
}
