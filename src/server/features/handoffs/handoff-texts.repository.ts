import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { calls, handoffEvents, outboxMessages, portalCodes, smsInboundMessages, users } from '../../db/schema/index.js';

/**
 * How the patient showed a number is theirs (decision 048): an inbound call from it reached this
 * organization (caller ID; never the simulator, whose numbers are made up), or a text from it did
 * (the signed messaging webhook). Null: the number was only typed somewhere.
 */
export async function howNumberWasConfirmed(db: DbOrTx, organizationId: string, phone: string): Promise<'call' | 'text' | 'portal' | null> {
  // Signing in to the portal with the code texted to the number proves it as well as a call does.
  const rows = await db.execute<{ called: boolean; texted: boolean; signed_in: boolean }>(sql`
    select
      exists (select 1 from ${calls} c where c.organization_id = ${organizationId}::uuid and c.direction = 'inbound' and c.provider <> 'simulator' and c.from_number = ${phone}) as called,
      exists (select 1 from ${smsInboundMessages} m where m.organization_id = ${organizationId}::uuid and m.from_number = ${phone}) as texted,
      exists (select 1 from ${portalCodes} p where p.organization_id = ${organizationId}::uuid and p.contact = ${phone} and p.contact_kind = 'phone' and p.matched and p.consumed_at is not null) as signed_in`);
  const row = rows.rows[0];
  return row?.called ? 'call' : row?.texted ? 'text' : row?.signed_in ? 'portal' : null;
}

export interface LatestHandoffText {
  handoffId: string;
  at: Date;
  language: 'en' | 'es';
}

/**
 * The handoff from which this organization last texted this number since `since` (a text staff
 * sent from it, or the missed-call text at the head of a thread): a reply goes there. Starts from
 * the outbox's recipient index; the event is found by its outbox id (migration 0030's index).
 */
export async function latestHandoffTextTo(db: DbOrTx, organizationId: string, phone: string, since: Date): Promise<LatestHandoffText | undefined> {
  const rows = await db.execute<{ handoff_id: string; at: string | Date; language: string | null }>(sql`
    select e.handoff_id, o.created_at as at, e.data->>'language' as language
    from ${outboxMessages} o
    join ${handoffEvents} e on e.kind = 'message_sent' and (e.data->>'outboxMessageId') = o.id::text
    where o.recipient = ${phone} and o.organization_id = ${organizationId}::uuid and o.channel = 'sms' and o.status <> 'suppressed'
      and o.created_at > ${since.toISOString()}::timestamptz
    order by o.created_at desc
    limit 1`);
  const row = rows.rows[0];
  if (!row) return undefined;
  return { handoffId: row.handoff_id, at: new Date(row.at), language: row.language === 'es' ? 'es' : 'en' };
}

export interface TextThreadRow {
  id: number;
  kind: 'message_sent' | 'patient_reply';
  body: string | null;
  at: Date;
  actorName: string | null;
  automatic: string | null;
  status: string | null;
}

/** The texts on a handoff, oldest first: sent (with the outbox row's status) and received (not portal messages, whose texts were only notices). */
export async function textThreadOf(db: DbOrTx, handoffId: string): Promise<TextThreadRow[]> {
  const rows = await db.execute<{ id: number; kind: 'message_sent' | 'patient_reply'; body: string | null; at: string | Date; actor_name: string | null; automatic: string | null; status: string | null }>(sql`
    select e.id, e.kind, e.body, e.at, u.name as actor_name, e.data->>'automatic' as automatic, o.status
    from ${handoffEvents} e
    left join ${users} u on u.id = e.actor_user_id
    left join ${outboxMessages} o on e.kind = 'message_sent' and o.id::text = (e.data->>'outboxMessageId')
    where e.handoff_id = ${handoffId}::uuid and e.kind in ('message_sent', 'patient_reply') and e.data->>'channel' = 'sms'
      -- A portal message goes by text only as a notice with a link: its words are not a text.
      and coalesce(e.data->>'notice', '') <> 'portal'
    order by e.at, e.id`);
  return rows.rows.map((r) => ({ id: Number(r.id), kind: r.kind, body: r.body, at: new Date(r.at), actorName: r.actor_name, automatic: r.automatic, status: r.status }));
}
