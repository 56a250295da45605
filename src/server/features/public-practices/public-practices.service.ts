import { Temporal } from 'temporal-polyfill';
import type { AppContext } from '../../app-context.js';
import type { DbOrTx } from '../../db/client.js';
import { AppError } from '../../http/errors.js';
import { isOpen, nextChange, type Hours } from '../../../domain/time/index.js';
import { practiceCountry } from '../../../domain/format/clock.js';
import { formatPhoneNumber } from '../../../domain/format/phone.js';
import { emergencyNumber } from '../../../domain/patient/emergency-number.js';
import { findHours, toHours, findOrganizationById, findOrganizationBySlug, listVisibleOrganizations, phoneNumbersOf, type OrganizationRow } from '../organizations/index.js';

/** What the public pages need of a practice's settings, with the defaults of a new practice. */
export interface PublicSettings {
  requestsEnabled: boolean;
  visitReasons: string[];
  requestMessage: string;
  country: 'US' | 'GB' | 'CA';
}

export function publicSettings(org: OrganizationRow): PublicSettings {
  const a = org.appointmentSettings as { enabled?: boolean; visitReasons?: string[]; message?: string };
  const country = (org.address as { country?: string }).country;
  return {
    requestsEnabled: org.status === 'active' && a.enabled !== false,
    visitReasons: Array.isArray(a.visitReasons) ? a.visitReasons : [],
    requestMessage: a.message ?? '',
    country: country === 'GB' || country === 'CA' ? country : 'US',
  };
}

/** The number to call in an emergency where the practice is (the domain's rule, shared with the web). */
export { emergencyNumber };

export const practiceNotFound = () => new AppError(404, 'practice_not_found', 'We could not find that practice.');

/** A practice the public may see (not deactivated), by slug; otherwise "practice not found". */
export async function loadPublicPractice(db: DbOrTx, slug: string): Promise<OrganizationRow> {
  if (!/^[a-z0-9-]{1,60}$/.test(slug)) throw practiceNotFound();
  const org = await findOrganizationBySlug(db, slug);
  if (!org || org.status === 'deactivated') throw practiceNotFound();
  return org;
}

export async function loadPublicPracticeById(db: DbOrTx, id: string): Promise<OrganizationRow> {
  const org = await findOrganizationById(db, id);
  if (!org || org.status === 'deactivated') throw practiceNotFound();
  return org;
}

export async function practiceHours(db: DbOrTx, org: OrganizationRow): Promise<Hours> {
  return toHours(org.timeZone, await findHours(db, org.id));
}

export async function practicePhone(db: DbOrTx, organizationId: string): Promise<string | null> {
  return (await phoneNumbersOf(db, [organizationId])).get(organizationId)?.[0]?.e164 ?? null;
}

/** The chooser on /request-appointment and the portal's sign-in. */
export async function listPublicPractices(ctx: AppContext) {
  const orgs = await listVisibleOrganizations(ctx.db, null);
  return {
    items: orgs.map((o) => {
      const address = o.address as Record<string, string>;
      return { slug: o.slug, name: o.name, city: address.city ?? '', region: address.region ?? '', country: practiceCountry(o.address), requestsEnabled: publicSettings(o).requestsEnabled };
    }),
  };
}

/** One practice for the public pages: hours, open now, visit reasons, emergency notice. */
export async function publicPracticeInfo(ctx: AppContext, slug: string) {
  const org = await loadPublicPractice(ctx.db, slug);
  const settings = publicSettings(org);
  const [hours, phone] = await Promise.all([practiceHours(ctx.db, org), practicePhone(ctx.db, org.id)]);
  const now = ctx.clock.now().getTime();
  const change = hours.weekly.length || hours.overrides.length ? nextChange(hours, now) : null;
  const today = new Date(now).toISOString().slice(0, 10);
  const address = org.address as Record<string, string>;
  return {
    slug: org.slug,
    name: org.name,
    timeZone: org.timeZone,
    phone,
    phoneDisplay: phone ? formatPhoneNumber(phone, practiceCountry(org.address)) : null,
    country: practiceCountry(org.address),
    address: { line1: address.line1 ?? '', city: address.city ?? '', region: address.region ?? '', postalCode: address.postalCode ?? '', country: address.country ?? '' },
    requestsEnabled: settings.requestsEnabled,
    requestMessage: settings.requestMessage,
    visitReasons: settings.visitReasons,
    emergencyNumber: emergencyNumber(settings.country),
    weekly: hours.weekly.map((w) => ({ day: w.day, start: w.start, end: w.end })),
    upcomingClosures: hours.overrides
      .filter((o) => o.to >= today && o.from <= addDays(today, 21))
      .map((o) => ({ from: o.from, to: o.to, label: o.label ?? '', closed: o.closed })),
    status: { open: isOpen(hours, now), nextChange: change ? { at: change.at.toString(), opens: change.opens, local: localParts(change.at, now, org.timeZone) } : null },
  };
}

/** The change in the practice's zone, as the page words it without loading time-zone data. */
function localParts(at: Temporal.Instant, nowMs: number, timeZone: string) {
  const z = at.toZonedDateTimeISO(timeZone);
  const today = Temporal.Instant.fromEpochMilliseconds(nowMs).toZonedDateTimeISO(timeZone).toPlainDate();
  return {
    time: `${String(z.hour).padStart(2, '0')}:${String(z.minute).padStart(2, '0')}`,
    date: z.toPlainDate().toString(),
    weekday: z.dayOfWeek,
    daysAhead: today.until(z.toPlainDate()).days,
  };
}

function addDays(isoDate: string, days: number): string {
  const d = new Date(`${isoDate}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
