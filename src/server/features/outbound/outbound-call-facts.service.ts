import * as chronoEnglish from 'chrono-node/en';
import { eq } from 'drizzle-orm';
import { Temporal } from 'temporal-polyfill';
import type { DbOrTx } from '../../db/client.js';
import { outboundJobs } from '../../db/schema/index.js';
import { normaliseHeader } from '../../../domain/outbound/column-mapping.js';
import type { CampaignRow, JobRow } from './outbound.repository.js';

/**
 * What an outbound call may say about its subject (issue 27 §1), from structured fields only:
 * the visit it is about, a reminded visit's time and the practice's message for the patient. A
 * contact's own CSV columns ("Visit type", "Appointment", "Appointment date" and "time") come
 * before the campaign's; the staff's instructions are never among them.
 */

const VISIT_COLUMNS = ['visittype', 'visit', 'appointmenttype', 'duefor', 'reason', 'service', 'vaccine'];
const WHEN_COLUMNS = ['appointment', 'appointmentat', 'appointmentdate', 'appointmentdatetime', 'appt', 'apptdate', 'visitdate', 'visitdatetime', 'date', 'datetime', 'when'];
const TIME_COLUMNS = ['appointmenttime', 'appttime', 'visittime', 'time'];

function column(fields: Record<string, string>, names: string[]): string {
  for (const name of names) {
    const hit = Object.entries(fields).find(([header]) => normaliseHeader(header) === name);
    if (hit?.[1].trim()) return hit[1].trim();
  }
  return '';
}

/** "2026-12-01 09:30", "12/1/2026 9:30 AM", "1 Dec 2026 09:30" in the practice's zone; null unless a day and a time are both there. */
export function appointmentTime(text: string, timeZone: string, dayFirst: boolean, now: Date): number | null {
  if (!text.trim()) return null;
  const parsed = (dayFirst ? chronoEnglish.GB : chronoEnglish).parse(text, now)[0];
  if (!parsed || !parsed.start.isCertain('day') || !parsed.start.isCertain('hour')) return null;
  const c = parsed.start;
  try {
    return Temporal.ZonedDateTime.from({ timeZone, year: c.get('year')!, month: c.get('month')!, day: c.get('day')!, hour: c.get('hour')!, minute: c.get('minute') ?? 0 }).epochMilliseconds;
  } catch {
    return null;
  }
}

export function structuredFacts(
  job: Pick<JobRow, 'visitType' | 'appointmentAt' | 'messageForPatient' | 'fields'>,
  campaign: Pick<CampaignRow, 'visitType' | 'messageForPatient'> | undefined,
  at: { timeZone: string; dayFirst: boolean; now: Date },
): { visitType: string; appointmentAtMs: number | null; messageForPatient: string } {
  const fields = job.fields ?? {};
  const when = [column(fields, WHEN_COLUMNS), column(fields, TIME_COLUMNS)].filter(Boolean).join(' ');
  return {
    visitType: job.visitType.trim() || column(fields, VISIT_COLUMNS) || campaign?.visitType.trim() || '',
    appointmentAtMs: job.appointmentAt ? job.appointmentAt.getTime() : appointmentTime(when, at.timeZone, at.dayFirst, at.now),
    messageForPatient: job.messageForPatient.trim() || campaign?.messageForPatient.trim() || '',
  };
}

export async function markVoicemailLeft(db: DbOrTx, jobId: string, at: Date): Promise<void> {
  await db.update(outboundJobs).set({ voicemailLeftAt: at, updatedAt: at }).where(eq(outboundJobs.id, jobId));
}
