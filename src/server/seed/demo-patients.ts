import { Temporal } from 'temporal-polyfill';
import type { AppContext } from '../app-context.js';
import type { Db, Tx } from '../db/client.js';
import { scriptedClock } from '../lib/clock.js';
import type { StaffActor } from '../policy/actor.js';
import { Step1Body, Step2Body } from '../../contracts/appointment-requests.js';
import { readPreferences, suggestSlots, VISIT_MINUTES } from '../../domain/appointment-requests/visit-slots.js';
import { findRequest, loadByToken, saveStep, scheduleRequest, startDraft, submitDraft, SUGGESTION_LEAD_MS, type AppointmentRequestRow } from '../features/appointment-requests/index.js';
import { unresolvedHandoffsOfRequest } from '../features/handoff-records/index.js';
import { claimHandoff, messagePatient } from '../features/handoffs/index.js';
import { keepUnsent } from '../features/outbox/index.js';
import { loadPublicPracticeById, practiceHours } from '../features/public-practices/index.js';
import { DEMO_STAFF } from './demo-hours-schedules.js';
import { DEMO_ORGANIZATIONS } from './demo-organizations.js';

type OrgKey = (typeof DEMO_ORGANIZATIONS)[number]['key'];
type StaffKey = (typeof DEMO_STAFF)[number]['key'];

interface WebRequest {
  reason: string;
  notes: string;
  timesOfDay: ('morning' | 'afternoon' | 'evening')[];
}

interface DemoPatient {
  practice: OrgKey;
  firstName: string;
  lastName: string;
  /** YYYY-MM-DD: what the patient types at the portal's sign-in with the e-mail address. */
  dateOfBirth: string;
  email: string;
  /** As typed on the request form: fictional ranges (US 555-01xx; the UK's Ofcom drama range). */
  phone: string;
  /** The front-desk member of staff who works the requests. */
  frontDesk: StaffKey;
  clinician: string;
  /** Sent a few days ago and scheduled by the front desk: the visit to come. */
  visit: WebRequest;
  /** Sent two days ago; the front desk took it yesterday and wrote to the patient about it. */
  request: WebRequest;
  message: string;
}

/**
 * One patient per demo practice (issue 30 §4), so a newcomer can sign in to `/portal` with the
 * e-mail address and date of birth (the code appears on the demo's terminal) and find every
 * patient path there: a scheduled visit, a request in review, an intake form to fill and a message
 * from the practice to answer. Fictional contacts: `.demo` addresses, 555-01xx numbers in the US
 * and a London number of Ofcom's drama range (the drama range's mobiles, 07700 900xxx, are not
 * numbers the request form accepts, so the UK patient gave a landline and gets no texts).
 */
export const DEMO_PATIENTS: readonly DemoPatient[] = [
  {
    practice: 'maple',
    firstName: 'Jordan',
    lastName: 'Ellis',
    dateOfBirth: '1984-03-14',
    email: 'patient@maple-street.demo',
    phone: '(860) 555-0118',
    frontDesk: 'dana',
    clinician: 'Dr. Nina Patel',
    visit: { reason: 'Annual physical', notes: '', timesOfDay: ['morning'] },
    request: { reason: 'Follow-up', notes: 'Follow-up on my blood pressure: the new tablets make me a little dizzy in the mornings.', timesOfDay: ['morning', 'afternoon'] },
    message:
      'Hello Jordan, this is Dana at Maple Street. Dr. Patel would like to see you about the dizziness soon. Could you fill in the intake form for this request and write down your home blood pressure readings for a few days? We will call you with a time.',
  },
  {
    practice: 'harbor',
    firstName: 'Mia',
    lastName: 'Alvarez',
    dateOfBirth: '2019-06-21',
    email: 'patient@harbor-pediatrics.demo',
    phone: '(510) 555-0196',
    frontDesk: 'maria',
    clinician: 'Dr. Sam Okafor',
    visit: { reason: 'Annual physical', notes: 'Her yearly check-up, and the school health form.', timesOfDay: ['morning'] },
    request: { reason: 'Vaccination', notes: 'Flu shot for Mia.', timesOfDay: ['afternoon'] },
    message:
      'Hi, this is Maria at Harbor Pediatrics. Mia could have her flu shot at her check-up, so you make only one trip. Would that suit you? Please fill in the intake form for this request first, and reply here.',
  },
  {
    practice: 'camden',
    firstName: 'Harriet',
    lastName: 'Dawson',
    dateOfBirth: '1990-11-08',
    email: 'patient@camden-road.demo',
    phone: '020 7946 0734',
    frontDesk: 'oliver',
    clinician: 'Dr Amelia Hart',
    visit: { reason: 'Follow-up', notes: 'Asthma review: my new inhaler.', timesOfDay: ['morning'] },
    request: { reason: 'Vaccination', notes: 'Travel vaccinations for a trip to Kenya in the spring.', timesOfDay: ['morning', 'afternoon'] },
    message:
      'Dear Harriet, thank you for your request. Our practice nurse needs to know where and when you are travelling before she books your vaccinations: please fill in the intake form for this request, then we will offer you an appointment. Oliver, reception',
  },
];

/** What the demo's sign-in lists for each patient (the first start's output, demo-credentials.txt). */
export interface DemoPatientSignIn {
  practice: string;
  slug: string;
  email: string;
  dateOfBirth: string;
}

export const DEMO_PATIENT_SIGN_INS: readonly DemoPatientSignIn[] = DEMO_PATIENTS.map((p) => {
  const org = DEMO_ORGANIZATIONS.find((o) => o.key === p.practice)!;
  return { practice: org.name, slug: org.slug, email: p.email, dateOfBirth: p.dateOfBirth };
});

/** Why the story's messages stay in the outbox unsent (demo-terminal.ts would print each in full). */
const HISTORY_NOTE = 'Demo history, written when the demo was seeded to a made-up address: kept here, not sent.';

/** The seed's own address in the audit log (the web form's requests and the staff's acts). */
const SEED_IP = '127.0.0.1';

/** A wall time `daysAgo` days before today in the practice's zone. */
function localMoment(today: Temporal.PlainDate, daysAgo: number, time: string, timeZone: string): Date {
  return new Date(today.subtract({ days: daysAgo }).toZonedDateTime({ timeZone, plainTime: Temporal.PlainTime.from(time) }).epochMilliseconds);
}

/**
 * The services at a moment of the story, inside the seed's transaction: what they open as their
 * own transactions become savepoints of it, so a start killed mid-seed leaves nothing (seed.ts).
 */
function servicesAt(base: AppContext, tx: Tx, at: Date): AppContext {
  return { ...base, db: tx as unknown as Db, clock: scriptedClock(at) };
}

/** What a patient sends through the request form (`/request-appointment`): the same steps, checks and confirmation. */
async function sendWebRequest(ctx: AppContext, slug: string, p: DemoPatient, r: WebRequest, earliestDate = ''): Promise<AppointmentRequestRow> {
  const { token } = await startDraft(ctx, slug, undefined, 'en', SEED_IP);
  const step1 = Step1Body.parse({ firstName: p.firstName, lastName: p.lastName, dateOfBirth: p.dateOfBirth, phone: p.phone, email: p.email, isNewPatient: false, reason: r.reason });
  await saveStep(ctx, token, step1, 'en');
  await saveStep(ctx, token, Step2Body.parse({ timesOfDay: r.timesOfDay, earliestDate, notes: r.notes, consentToContact: true }), 'en');
  await submitDraft(ctx, token, undefined, SEED_IP);
  return (await loadByToken(ctx, token)).row;
}

/**
 * The scheduling dialog's first suggestion for the visit (decision 029's domain function, as
 * schedule-options.service.ts calls it: office hours and the patient's preferences, from an hour
 * ahead), as the wall time the dialog sends. Not that service itself: it reads three things at
 * once, which one transaction's connection would have to queue.
 */
async function firstSuggestion(ctx: AppContext, organizationId: string, preferences: Record<string, unknown>): Promise<string> {
  const org = await loadPublicPracticeById(ctx.db, organizationId);
  const [slot] = suggestSlots(await practiceHours(ctx.db, org), readPreferences(preferences), { fromMs: ctx.clock.now().getTime() + SUGGESTION_LEAD_MS, minutes: VISIT_MINUTES.default, count: 1 });
  if (!slot) throw new Error(`No office hours to schedule the demo patient of ${org.slug} in.`);
  return slot.local;
}

async function handoffOf(ctx: AppContext, requestId: string): Promise<string> {
  const [handoff] = await unresolvedHandoffsOfRequest(ctx.db, requestId);
  if (!handoff) throw new Error(`The demo request ${requestId} has no handoff.`);
  return handoff.id;
}

/**
 * Each demo patient's story, through the services the request form and the staff screens use (so
 * reference codes, handoffs, history, audit and outbox are what the product makes), at moments of
 * the last days in the practice's zone: a request sent five days ago, taken and scheduled by the
 * front desk the next morning for a morning from the day after tomorrow (the scheduling dialog's
 * first suggestion); another sent two days ago, taken yesterday morning, with a message to the
 * patient about it. Both confirmations carry the intake form's link; neither form is filled. The
 * e-mails and texts of this history stay in the outbox unsent (HISTORY_NOTE).
 */
export async function seedDemoPatients(
  base: AppContext,
  tx: Tx,
  practices: { key: string; id: string; slug: string; timeZone: string }[],
  userIds: Map<string, string>,
  now: Date,
): Promise<void> {
  for (const p of DEMO_PATIENTS) {
    const org = practices.find((o) => o.key === p.practice)!;
    const staff = DEMO_STAFF.find((s) => s.key === p.frontDesk)!;
    const actor: StaffActor = { kind: 'staff', userId: userIds.get(staff.key)!, email: staff.email, name: staff.name, role: staff.role, allOrganizations: false, organizationIds: [org.id], sessionId: 'demo-seed', ip: SEED_IP };
    const today = Temporal.Instant.fromEpochMilliseconds(now.getTime()).toZonedDateTimeISO(org.timeZone).toPlainDate();
    const at = (daysAgo: number, time: string) => servicesAt(base, tx, localMoment(today, daysAgo, time, org.timeZone));

    // The visit: asked for from the day after tomorrow, so it is still to come.
    const { id: visitId, email, phone } = await sendWebRequest(at(5, '19:40'), org.slug, p, p.visit, today.add({ days: 2 }).toString());
    await claimHandoff(at(4, '09:05'), actor, await handoffOf(at(4, '09:05'), visitId));
    const scheduling = at(4, '09:20');
    const { version, preferences } = (await findRequest(scheduling.db, visitId))!;
    const slot = await firstSuggestion(scheduling, org.id, preferences);
    await scheduleRequest(scheduling, actor, visitId, { version, scheduledFor: slot, durationMinutes: VISIT_MINUTES.default, clinician: p.clinician });

    // The request in review, with the practice's message.
    const { id: requestId } = await sendWebRequest(at(2, '20:15'), org.slug, p, p.request);
    const handoffId = await handoffOf(at(1, '09:10'), requestId);
    await claimHandoff(at(1, '09:10'), actor, handoffId);
    await messagePatient(at(1, '09:25'), actor, handoffId, { channel: 'email', body: p.message });

    await keepUnsent(tx, org.id, [email, phone].filter((c): c is string => !!c), HISTORY_NOTE);
  }
}
