import { Temporal } from 'temporal-polyfill';
import type { Tx } from '../db/client.js';
import { bookedVisits, clinicianAvailability, clinicians, clinicianVisitTypes, locations, visitTypes } from '../db/schema/index.js';
import { findOpenTimes } from '../../domain/calendars/open-times.js';
import type { BookingChannel } from '../../domain/calendars/visits.js';
import { seededRandom } from '../../domain/seeded-random.js';
import { findHours, toHours } from '../features/organizations/index.js';
import type { OrgKey } from './demo-hours-schedules.js';

/**
 * Each demo practice's calendars (issue 31 §7): its places, its visit types — some booked
 * directly by phone and web, some kept for the front desk (requests) — its clinicians with weekly
 * hours inside the office hours, and three weeks of visits (the last week done or missed, the
 * next two booked or confirmed), so a newcomer opens a calendar that looks lived in. The visits
 * are placed at open times the booking engine itself finds, so none overlaps or sits outside the
 * hours; the same seed gives the same calendar. Their patients are made up, with numbers from the
 * ranges kept for fiction: the visits get no reminders (`send_reminders`), so the demo's terminal
 * does not fill with texts to nobody. Visits the newcomer books themselves get them as usual.
 */

interface DemoVisitType {
  key: string;
  nameEn: string;
  nameEs: string;
  lengthMinutes: number;
  bufferMinutes: number;
  newPatientsAllowed: boolean;
  minNoticeMinutes: number;
  maxDaysAhead: number;
  bookableBy: BookingChannel[];
}

interface DemoClinician {
  name: string;
  title: string;
  /** A demo staff user this clinician is (none: an outside clinician named here). */
  user?: string;
  types: string[];
  weekly: { days: number[]; start: string; end: string; location: number }[];
}

interface DemoCalendar {
  locations: { name: string; address: string }[];
  visitTypes: DemoVisitType[];
  clinicians: DemoClinician[];
}

const ALL: BookingChannel[] = ['phone', 'web', 'staff'];
const HOUR = 60;
const DAY = 24 * HOUR;

const CALENDARS: Record<OrgKey, DemoCalendar> = {
  maple: {
    locations: [{ name: 'Maple Street clinic', address: '214 Maple Street, Hartford, CT 06103' }],
    visitTypes: [
      { key: 'physical', nameEn: 'Annual physical', nameEs: 'Examen físico anual', lengthMinutes: 30, bufferMinutes: 10, newPatientsAllowed: true, minNoticeMinutes: DAY, maxDaysAhead: 60, bookableBy: ALL },
      { key: 'sick', nameEn: 'Sick visit', nameEs: 'Consulta por enfermedad', lengthMinutes: 20, bufferMinutes: 5, newPatientsAllowed: false, minNoticeMinutes: HOUR, maxDaysAhead: 7, bookableBy: ALL },
      { key: 'flu', nameEn: 'Flu shot', nameEs: 'Vacuna contra la gripe', lengthMinutes: 10, bufferMinutes: 0, newPatientsAllowed: true, minNoticeMinutes: 2 * HOUR, maxDaysAhead: 30, bookableBy: ALL },
      { key: 'followup', nameEn: 'Follow-up', nameEs: 'Consulta de seguimiento', lengthMinutes: 20, bufferMinutes: 5, newPatientsAllowed: false, minNoticeMinutes: DAY, maxDaysAhead: 90, bookableBy: ['staff'] },
    ],
    clinicians: [
      { name: 'Dr. Rebecca Hart', title: 'MD, family medicine', types: ['physical', 'sick', 'followup', 'flu'], weekly: [{ days: [1, 2, 3, 4, 5], start: '08:00', end: '12:00', location: 0 }, { days: [1, 2, 3, 4], start: '13:00', end: '17:00', location: 0 }] },
      { name: 'Dr. Luis Ruiz', title: 'DO, family medicine', types: ['physical', 'sick', 'followup'], weekly: [{ days: [1, 3, 4], start: '09:00', end: '12:00', location: 0 }, { days: [1, 3, 4, 5], start: '13:00', end: '16:30', location: 0 }] },
      { name: 'Dana Reyes', title: 'RN', user: 'dana', types: ['flu'], weekly: [{ days: [1, 2, 3], start: '08:00', end: '12:00', location: 0 }] },
    ],
  },
  harbor: {
    locations: [
      { name: 'Embarcadero office', address: '88 Embarcadero Way, Oakland, CA 94607' },
      { name: 'Fruitvale satellite', address: '3301 E 12th Street, Oakland, CA 94601' },
    ],
    visitTypes: [
      { key: 'wellchild', nameEn: 'Well-child check', nameEs: 'Chequeo de niño sano', lengthMinutes: 30, bufferMinutes: 5, newPatientsAllowed: true, minNoticeMinutes: DAY, maxDaysAhead: 45, bookableBy: ALL },
      { key: 'sick', nameEn: 'Sick visit', nameEs: 'Consulta por enfermedad', lengthMinutes: 20, bufferMinutes: 5, newPatientsAllowed: false, minNoticeMinutes: HOUR, maxDaysAhead: 3, bookableBy: ALL },
      { key: 'vaccines', nameEn: 'Vaccines', nameEs: 'Vacunas', lengthMinutes: 15, bufferMinutes: 0, newPatientsAllowed: true, minNoticeMinutes: 2 * HOUR, maxDaysAhead: 30, bookableBy: ALL },
      { key: 'newpatient', nameEn: 'New patient visit', nameEs: 'Primera consulta', lengthMinutes: 45, bufferMinutes: 15, newPatientsAllowed: true, minNoticeMinutes: 2 * DAY, maxDaysAhead: 60, bookableBy: ['staff'] },
    ],
    clinicians: [
      { name: 'Dr. Priya Nair', title: 'MD, pediatrics', types: ['wellchild', 'sick', 'vaccines', 'newpatient'], weekly: [{ days: [1, 2, 3, 4, 5], start: '08:30', end: '12:00', location: 0 }, { days: [1, 2, 4], start: '13:00', end: '17:30', location: 0 }] },
      { name: 'Dr. Ben Okafor', title: 'MD, pediatrics', types: ['wellchild', 'sick', 'newpatient'], weekly: [{ days: [2, 3, 5], start: '09:00', end: '12:30', location: 1 }, { days: [3, 5], start: '13:30', end: '17:00', location: 1 }, { days: [6], start: '09:00', end: '12:00', location: 0 }] },
    ],
  },
  camden: {
    locations: [{ name: 'Camden Road Surgery', address: '12 Camden Road, London NW1 9DP' }],
    visitTypes: [
      { key: 'gp', nameEn: 'GP appointment', nameEs: 'Cita con el médico de cabecera', lengthMinutes: 10, bufferMinutes: 0, newPatientsAllowed: false, minNoticeMinutes: HOUR, maxDaysAhead: 14, bookableBy: ALL },
      { key: 'nurse', nameEn: 'Practice nurse appointment', nameEs: 'Cita con la enfermera', lengthMinutes: 15, bufferMinutes: 0, newPatientsAllowed: false, minNoticeMinutes: HOUR, maxDaysAhead: 28, bookableBy: ALL },
      { key: 'bloods', nameEn: 'Blood test', nameEs: 'Análisis de sangre', lengthMinutes: 10, bufferMinutes: 0, newPatientsAllowed: false, minNoticeMinutes: DAY, maxDaysAhead: 28, bookableBy: ['phone', 'staff'] },
      { key: 'registration', nameEn: 'New patient health check', nameEs: 'Revisión de paciente nuevo', lengthMinutes: 20, bufferMinutes: 10, newPatientsAllowed: true, minNoticeMinutes: 2 * DAY, maxDaysAhead: 42, bookableBy: ['staff'] },
    ],
    clinicians: [
      { name: 'Dr Amelia Hart', title: 'GP partner', user: 'amelia', types: ['gp', 'registration'], weekly: [{ days: [1, 3, 5], start: '08:30', end: '12:30', location: 0 }, { days: [1, 3, 5], start: '14:00', end: '18:00', location: 0 }] },
      { name: 'Dr Samuel Osei', title: 'Salaried GP', types: ['gp'], weekly: [{ days: [1, 2, 3, 4], start: '09:00', end: '13:00', location: 0 }, { days: [2, 4], start: '14:00', end: '17:30', location: 0 }] },
      { name: 'Nurse Tom Briggs', title: 'Practice nurse', types: ['nurse', 'bloods', 'registration'], weekly: [{ days: [1, 2, 3, 4, 5], start: '08:00', end: '12:00', location: 0 }] },
    ],
  },
};

const FIRST = ['Olivia', 'Liam', 'Sofia', 'Noah', 'Emma', 'Mateo', 'Ava', 'Ethan', 'Isabella', 'Lucas', 'Mia', 'James', 'Camila', 'Benjamin', 'Harper', 'Elijah', 'Aaliyah', 'Daniel', 'Grace', 'Samuel', 'Chloe', 'Omar', 'Zoe', 'Hiroshi', 'Amara', 'Diego'];
const LAST = ['Nguyen', 'Garcia', 'Patel', 'Smith', 'Okafor', 'Johnson', 'Rossi', 'Kim', 'Hernandez', 'Brown', 'Cohen', 'Williams', 'Silva', 'Murphy', 'Ali', 'Davies', 'Martinez', 'Walsh', 'Chen', 'Kowalski'];

/** How full a clinician's day is: about half the open times start a visit. */
const FILL = 0.5;

export async function seedDemoCalendars(tx: Tx, practices: { key: OrgKey; id: string; timeZone: string }[], userIds: Map<string, string>, now: Date): Promise<void> {
  for (const practice of practices) {
    const plan = CALENDARS[practice.key];
    const random = seededRandom(practice.key.length * 7919 + 31);
    const placeIds: string[] = [];
    for (const l of plan.locations) {
      const [row] = await tx.insert(locations).values({ organizationId: practice.id, ...l }).returning({ id: locations.id });
      placeIds.push(row!.id);
    }
    const typeIds = new Map<string, string>();
    for (const { key, bookableBy, ...t } of plan.visitTypes) {
      const [row] = await tx.insert(visitTypes).values({ organizationId: practice.id, ...t, channels: bookableBy }).returning({ id: visitTypes.id });
      typeIds.set(key, row!.id);
    }
    const hours = toHours(practice.timeZone, await findHours(tx, practice.id));
    const today = Temporal.Instant.fromEpochMilliseconds(now.getTime()).toZonedDateTimeISO(practice.timeZone).toPlainDate();
    for (const c of plan.clinicians) {
      const [row] = await tx
        .insert(clinicians)
        .values({ organizationId: practice.id, name: c.name, title: c.title, userId: c.user ? (userIds.get(c.user) ?? null) : null })
        .returning({ id: clinicians.id });
      const clinicianId = row!.id;
      await tx.insert(clinicianVisitTypes).values(c.types.map((k) => ({ clinicianId, visitTypeId: typeIds.get(k)!, organizationId: practice.id })));
      const weekly = c.weekly.flatMap((w) => w.days.map((day) => ({ day, start: w.start, end: w.end, locationId: placeIds[w.location]! })));
      await tx.insert(clinicianAvailability).values(weekly.map((w) => ({ clinicianId, organizationId: practice.id, day: w.day, startTime: w.start, endTime: w.end, locationId: w.locationId })));

      // Every start at which each of the clinician's visit types fits, over last week and the next two.
      const from = today.subtract({ days: 7 });
      const types = plan.visitTypes.filter((t) => c.types.includes(t.key));
      const fits = new Map(
        types.map((t) => {
          const open = findOpenTimes({
            hours,
            nowMs: Temporal.PlainDate.from(from).toZonedDateTime({ timeZone: practice.timeZone }).epochMilliseconds,
            fromDate: from.toString(),
            toDate: today.add({ days: 14 }).toString(),
            visit: { lengthMinutes: t.lengthMinutes, bufferMinutes: t.bufferMinutes, minNoticeMinutes: 0, maxDaysAhead: 22 },
            clinicians: [{ id: clinicianId, weekly, exceptions: [], busy: [] }],
          });
          return [t.key, new Map(open.times.map((o) => [o.start, o.locationId]))] as const;
        }),
      );
      const starts = [...new Set([...fits.values()].flatMap((m) => [...m.keys()]))].sort((a, b) => a - b);
      let freeFrom = 0;
      const visits: (typeof bookedVisits.$inferInsert)[] = [];
      for (const start of starts) {
        if (start < freeFrom || random() > FILL) continue;
        const fitting = types.filter((t) => fits.get(t.key)!.has(start));
        const type = fitting[Math.floor(random() * fitting.length)];
        if (!type) continue;
        const end = start + type.lengthMinutes * 60_000;
        freeFrom = end + type.bufferMinutes * 60_000;
        const past = end <= now.getTime();
        const soon = start - now.getTime() < 2 * 86_400_000;
        const status = past ? (random() < 0.08 ? 'no_show' : 'completed') : soon && random() < 0.6 ? 'confirmed' : 'booked';
        const channel = type.bookableBy[Math.floor(random() * type.bookableBy.length)]!;
        const first = FIRST[Math.floor(random() * FIRST.length)]!;
        const last = LAST[Math.floor(random() * LAST.length)]!;
        const born = Temporal.PlainDate.from({ year: 1950 + Math.floor(random() * 70), month: 1 + Math.floor(random() * 12), day: 1 + Math.floor(random() * 28) });
        const bookedAt = new Date(Math.min(now.getTime(), start) - Math.floor(1 + random() * 10) * 86_400_000);
        visits.push({
          organizationId: practice.id,
          clinicianId,
          locationId: fits.get(type.key)!.get(start)!,
          visitTypeId: typeIds.get(type.key)!,
          status,
          startsAt: new Date(start),
          endsAt: new Date(end),
          occupiedUntil: new Date(freeFrom),
          channel,
          firstName: first,
          lastName: last,
          dateOfBirth: born.toString(),
          phone: fictionalNumber(practice.key, random),
          // Made-up patients: nobody owns these numbers, so no reminder is texted to them (decision 052).
          sendReminders: false,
          isNewPatient: type.newPatientsAllowed && random() < 0.15,
          bookedAt,
          createdAt: bookedAt,
          updatedAt: bookedAt,
        });
      }
      if (visits.length) await tx.insert(bookedVisits).values(visits);
    }
  }
}

/** A number from the ranges kept for fiction (555-01xx in North America, 07700 900xxx in the UK). */
function fictionalNumber(key: OrgKey, random: () => number): string {
  if (key === 'camden') return `+447700900${String(Math.floor(random() * 1000)).padStart(3, '0')}`;
  return `+1${key === 'harbor' ? '510' : '860'}55501${String(Math.floor(random() * 100)).padStart(2, '0')}`;
}
