import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';

/**
 * What one agent-test call left in a practice's sandbox (decision 056), deleted before the next
 * test call so each scenario starts from an empty practice: its booked visits (with their
 * reminders), calls (with their events), handoffs, appointment requests, patients, do-not-call
 * entries and unsent messages. The
 * results keep their own copy of what each call left. The one place that deletes across these
 * tables, and only in an organization that is a sandbox (checked in every statement).
 */
export async function clearSandboxRecords(db: DbOrTx, sandboxId: string): Promise<void> {
  const isSandbox = sql`exists (select 1 from organizations o where o.id = ${sandboxId}::uuid and o.sandbox_of is not null)`;
  for (const table of ['booked_visits', 'handoffs', 'appointment_requests', 'calls', 'patients', 'do_not_call', 'outbox_messages']) {
    await db.execute(sql`delete from ${sql.identifier(table)} where organization_id = ${sandboxId}::uuid and ${isSandbox}`);
  }
}
