import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';

/**
 * Ages the seeded history like a practice would have worked it: handoffs older than two days
 * were claimed and resolved by a member of staff; older phone requests were scheduled (most),
 * declined (a few) or are still in review. Recent ones stay open for the demo's queue.
 */
export async function ageDemoHistory(db: Db, now: Date): Promise<void> {
  const twoDaysAgo = new Date(now.getTime() - 2 * 86_400_000).toISOString();
  const threeDaysAgo = new Date(now.getTime() - 3 * 86_400_000).toISOString();
  await db.execute(sql`
    with worked as (
      select h.id, h.created_at,
             (select uo.user_id from user_organizations uo join users u on u.id = uo.user_id
              where uo.organization_id = h.organization_id and u.role in ('agent', 'supervisor') order by md5(h.id::text || uo.user_id) limit 1) as staff,
             h.created_at + (interval '1 minute' * (10 + floor(random() * 80))) as claimed_at
      from handoffs h join calls c on c.id = h.call_id
      where c.provider_call_id like 'SIM-DEMO-%' and h.status = 'open' and h.created_at < ${twoDaysAgo}::timestamptz
    ), updated as (
      update handoffs h set status = 'resolved', assignee_id = w.staff, claimed_at = w.claimed_at,
             resolved_at = w.claimed_at + (interval '1 minute' * (5 + floor(random() * 110))),
             resolution = case h.type when 'appointment_request' then 'Called the patient and booked a time.'
                                       when 'urgent' then 'Reached the caller; they had called emergency services.'
                                       when 'message' then 'Passed to the care team; replied to the patient.'
                                       else 'Called the patient back.' end,
             version = h.version + 1, updated_at = w.claimed_at
      from worked w where h.id = w.id
      returning h.id, h.assignee_id, h.claimed_at, h.resolved_at, h.resolution
    )
    insert into handoff_events (handoff_id, kind, actor_user_id, body, at)
    select id, 'claimed', assignee_id, null, claimed_at from updated
    union all
    select id, 'resolved', assignee_id, resolution, resolved_at from updated`);
  await db.execute(sql`
    with aged as (
      select r.id, r.submitted_at, random() as roll
      from appointment_requests r join calls c on c.id = r.call_id
      where c.provider_call_id like 'SIM-DEMO-%' and r.status = 'submitted' and r.submitted_at < ${threeDaysAgo}::timestamptz
    ), updated as (
      update appointment_requests r set
        status = case when a.roll < 0.75 then 'scheduled' when a.roll < 0.85 then 'declined' else 'in_review' end,
        scheduled_for = case when a.roll < 0.75 then date_trunc('hour', a.submitted_at) + interval '3 days' + (interval '1 hour' * floor(random() * 6)) end,
        decline_reason = case when a.roll >= 0.75 and a.roll < 0.85 then 'The requested service is not offered at this practice.' end,
        version = r.version + 1, updated_at = a.submitted_at + interval '1 day'
      from aged a where r.id = a.id
      returning r.id, r.status, r.updated_at
    )
    insert into appointment_request_events (appointment_request_id, from_status, to_status, actor_type, at)
    select id, 'submitted', status, 'staff', updated_at from updated`);
}
