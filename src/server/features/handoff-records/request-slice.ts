import { sql, type SQL } from 'drizzle-orm';
import type { AppointmentSource } from '../../../domain/appointment-requests/state.js';
import { appointmentRequests, handoffs } from '../../db/schema/index.js';

/**
 * One step of the appointment funnel as a handoff list (analytics' drill-down): the appointment
 * requests created in [from, to) that reached `step` (domain/analytics/reference.ts addRequest),
 * each shown by its first handoff, so the list holds one row per request counted.
 */
export interface RequestSlice {
  step: 'started' | 'submitted' | 'scheduled';
  source?: AppointmentSource;
  from: Date;
  to: Date;
}

export function requestSliceCondition(slice: RequestSlice): SQL {
  const r = appointmentRequests;
  const reached =
    slice.step === 'scheduled' ? sql` and ${r.status} = 'scheduled'` : slice.step === 'submitted' ? sql` and ${r.status} <> 'draft' and ${r.submittedAt} is not null` : sql``;
  return sql`exists (
    select 1 from ${r}
    where ${r.id} = ${handoffs.appointmentRequestId} and ${r.organizationId} = ${handoffs.organizationId}
      and ${r.createdAt} >= ${slice.from.toISOString()}::timestamptz and ${r.createdAt} < ${slice.to.toISOString()}::timestamptz
      ${slice.source ? sql` and ${r.source} = ${slice.source}` : sql``}${reached})
    and not exists (
      select 1 from ${handoffs} earlier
      where earlier.appointment_request_id = ${handoffs.appointmentRequestId}
        and (earlier.created_at, earlier.id) < (${handoffs.createdAt}, ${handoffs.id}))`;
}
