import type { AppContext } from '../../app-context.js';
import { notFound } from '../../http/errors.js';
import { organizationScope, type StaffActor } from '../../policy/actor.js';
import { calendarDirectory, type CalendarDirectory, type LocationRow, type VisitTypeRow } from '../calendars/index.js';
import { isUuid, listVisibleOrganizations, phoneNumbersOf, type OrganizationRow } from '../organizations/index.js';

/**
 * The practices a request may see, with their calendar records: for an API key, its organizations
 * (STYLE 4: a record of any other is "not found"); for the public bulk publication, the practices
 * that publish. Read on each request; nothing is kept (STYLE 15).
 */
export interface Practice {
  organization: OrganizationRow;
  directory: CalendarDirectory;
  phone: string | null;
  visitTypes: Map<string, VisitTypeRow>;
  locations: Map<string, LocationRow>;
}

export async function practiceOf(ctx: Pick<AppContext, 'db'>, organization: OrganizationRow): Promise<Practice> {
  const [directory, numbers] = await Promise.all([calendarDirectory(ctx.db, organization.id), phoneNumbersOf(ctx.db, [organization.id])]);
  return {
    organization,
    directory,
    phone: numbers.get(organization.id)?.[0]?.e164 ?? null,
    visitTypes: new Map(directory.visitTypes.map((v) => [v.id, v])),
    locations: new Map(directory.locations.map((l) => [l.id, l])),
  };
}

/** Every practice the actor may see (a key: its organizations), not deactivated. */
export async function visiblePractices(ctx: AppContext, actor: StaffActor): Promise<Practice[]> {
  const organizations = await listVisibleOrganizations(ctx.db, organizationScope(actor));
  return Promise.all(organizations.map((o) => practiceOf(ctx, o)));
}

/** The practice and clinician of a Schedule (or Practitioner) id the actor may see; otherwise 404. */
export function clinicianIn(practices: Practice[], id: string, what = 'That schedule'): { practice: Practice; clinician: CalendarDirectory['clinicians'][number] } {
  if (isUuid(id)) {
    for (const practice of practices) {
      const clinician = practice.directory.clinicians.find((c) => c.id === id);
      if (clinician) return { practice, clinician };
    }
  }
  throw notFound(what);
}

/** Visit types bookable through the API: in use, and booked by patients themselves (the `web` rules, decision 051). */
export const bookableByApi = (v: VisitTypeRow) => v.active && v.channels.includes('web');
