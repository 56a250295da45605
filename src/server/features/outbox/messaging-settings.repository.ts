import { eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { messagingSettings } from '../../db/schema/index.js';

export type MessagingSettingsRow = typeof messagingSettings.$inferSelect;

export async function findMessagingSettings(db: DbOrTx, organizationId: string): Promise<MessagingSettingsRow | undefined> {
  const [row] = await db.select().from(messagingSettings).where(eq(messagingSettings.organizationId, organizationId)).limit(1);
  return row;
}

export type SendSlot = { ok: true; waitMs: number } | { ok: false; freeAt: Date };

/**
 * Takes the organization's next free sending slot if it begins within `horizonMs`: each send
 * moves the shared clock (`next_send_at`) on by 1 / per-second, so every worker process together
 * keeps the pace. Answers how long to wait for the slot, or when the next one frees.
 */
export async function takeSendSlot(db: DbOrTx, organizationId: string, defaultPerSecond: number, horizonMs: number): Promise<SendSlot> {
  const step = sql`make_interval(secs => 1.0 / coalesce(${messagingSettings.perSecond}, ${defaultPerSecond}::real))`;
  const taken = await db.execute<{ wait_ms: string }>(sql`
    insert into ${messagingSettings} (organization_id, next_send_at)
    values (${organizationId}, clock_timestamp() + make_interval(secs => 1.0 / ${defaultPerSecond}::real))
    on conflict (organization_id) do update
      set next_send_at = greatest(${messagingSettings.nextSendAt}, clock_timestamp()) + ${step}
      where ${messagingSettings.nextSendAt} is null or ${messagingSettings.nextSendAt} <= clock_timestamp() + make_interval(secs => ${horizonMs / 1000})
    returning greatest(0, extract(epoch from (${messagingSettings.nextSendAt} - ${step} - clock_timestamp())) * 1000) as wait_ms`);
  const row = taken.rows[0];
  if (row) return { ok: true, waitMs: Math.ceil(Number(row.wait_ms)) };
  const settings = await findMessagingSettings(db, organizationId);
  return { ok: false, freeAt: settings?.nextSendAt ?? new Date() };
}

/** The senders organizations chose (those with none are absent: they text from their first number). */
export async function chosenSenders(db: DbOrTx, organizationIds: string[]): Promise<Map<string, string>> {
  if (organizationIds.length === 0) return new Map();
  const rows = await db
    .select({ organizationId: messagingSettings.organizationId, sender: messagingSettings.sender })
    .from(messagingSettings)
    .where(inArray(messagingSettings.organizationId, organizationIds));
  return new Map(rows.filter((r) => r.sender).map((r) => [r.organizationId, r.sender!]));
}
