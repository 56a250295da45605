/**
 * The versions of everything a new call reads about its organization — the organization's row,
 * its hours, its deadline settings and the number's route — as their rows' `xmin`: any write to
 * any of them changes it, whichever code made the write. A call's insert compares it again
 * (NEW_CALLS in call-records.repository.ts), so a call started from a cached read of a changed
 * organization is not stored and is started again from a fresh one. Its aliases are its own, so
 * the expressions passed in may name the caller's.
 */
export const organizationStamp = (organizationId: string, routedNumber: string) => `(
  select concat_ws(':', stamp_o.xmin::text, coalesce(stamp_h.xmin::text, '-'), coalesce(stamp_s.xmin::text, '-'), coalesce(stamp_n.xmin::text, '-'))
  from organizations stamp_o
  left join organization_hours stamp_h on stamp_h.organization_id = stamp_o.id
  left join handoff_sla_settings stamp_s on stamp_s.organization_id = stamp_o.id
  left join organization_phone_numbers stamp_n on stamp_n.e164 = ${routedNumber} and stamp_n.organization_id = stamp_o.id
  where stamp_o.id = ${organizationId})`;
