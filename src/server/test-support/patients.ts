import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../app-context.js';
import { appointmentRequests, organizationHours, organizations } from '../db/schema/index.js';
import type { OrganizationRow } from '../features/organizations/organizations.repository.js';
import { toE164 } from '../../domain/phone.js';
import { cookiesFrom } from './http.js';
import { outboxFor } from './factories.js';
import type { TestApp } from './test-app.js';

export const VISIT_REASONS = ['New patient visit', 'Follow-up', 'Sick visit'];

/** A practice as the public pages see it: requests on, visit reasons, hours Monday–Friday 08:00–17:00. */
export async function createPractice(ctx: Pick<AppContext, 'db'>, partial: Partial<typeof organizations.$inferInsert> = {}): Promise<OrganizationRow> {
  const suffix = randomBytes(5).toString('hex');
  const [org] = await ctx.db
    .insert(organizations)
    .values({
      name: `Practice ${suffix}`,
      slug: `practice-${suffix}`,
      timeZone: 'America/New_York',
      address: { line1: '1 Main Street', city: 'Hartford', region: 'CT', postalCode: '06103', country: 'US' },
      agentSettings: { emergencyMessage: 'If this is a medical emergency, hang up and call 911 now.' },
      appointmentSettings: { enabled: true, visitReasons: VISIT_REASONS, message: 'We will call you to confirm a time.' },
      ...partial,
    })
    .returning();
  const weekly = [1, 2, 3, 4, 5].map((day) => ({ day, start: '08:00', end: '17:00' }));
  await ctx.db.insert(organizationHours).values({ organizationId: org!.id, weekly }).onConflictDoUpdate({ target: organizationHours.organizationId, set: { weekly } });
  return org!;
}

export async function setAppointmentSettings(ctx: Pick<AppContext, 'db'>, organizationId: string, settings: Record<string, unknown>): Promise<void> {
  await ctx.db.update(organizations).set({ appointmentSettings: settings }).where(eq(organizations.id, organizationId));
}

export const ORIGIN = { origin: 'http://localhost:3000' };

/** A complete, valid request (step 1 + step 2). */
export function requestFields(overrides: Record<string, unknown> = {}) {
  const email = `patient-${randomBytes(4).toString('hex')}@example.test`;
  return {
    step1: { firstName: 'Ana', lastName: 'García', dateOfBirth: '1985-03-04', phone: '(860) 555-0142', email, isNewPatient: true, reason: 'Follow-up', reasonOther: '', ...overrides },
    step2: { preferredDays: ['mon', 'wed'], timesOfDay: ['morning'], earliestDate: '', insuranceCarrier: 'Aetna', insuranceMemberId: 'W123-456', notes: 'Mornings are best.', consentToContact: true },
    email,
  };
}

/** Starts a draft, completes both steps, submits: the request's cookie, reference code and email. */
export async function submitWebRequest(app: TestApp, slug: string, overrides: Record<string, unknown> = {}) {
  const f = requestFields(overrides);
  const start = await app.inject({ method: 'POST', url: '/api/public/appointment-requests/draft', payload: { organization: slug } });
  if (start.statusCode !== 200) throw new Error(`draft: ${start.statusCode} ${start.body}`);
  const cookie = cookiesFrom(start);
  for (const [step, body] of [['step-1', f.step1], ['step-2', f.step2]] as const) {
    const res = await app.inject({ method: 'PUT', url: `/api/public/appointment-requests/draft/${step}`, headers: { cookie, ...ORIGIN }, payload: body });
    if (res.statusCode !== 200) throw new Error(`${step}: ${res.statusCode} ${res.body}`);
  }
  const submit = await app.inject({ method: 'POST', url: '/api/public/appointment-requests/draft/submit', headers: { cookie, ...ORIGIN }, payload: {} });
  if (submit.statusCode !== 200) throw new Error(`submit: ${submit.statusCode} ${submit.body}`);
  return { cookie, referenceCode: submit.json().referenceCode as string, email: (overrides.email as string | undefined) ?? f.email, dateOfBirth: (overrides.dateOfBirth as string | undefined) ?? f.step1.dateOfBirth };
}

/** Signs into the portal with the code from the outbox; answers the patient cookie. */
export async function portalSignIn(app: TestApp, ctx: Pick<AppContext, 'db'>, slug: string, contact: string, dateOfBirth: string): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/api/portal/sign-in', payload: { organization: slug, contact, dateOfBirth } });
  if (res.statusCode !== 202) throw new Error(`sign-in: ${res.statusCode} ${res.body}`);
  const recipient = contact.includes('@') ? contact.toLowerCase() : (toE164(contact) ?? contact);
  const [message] = await outboxFor(ctx.db, recipient, 'portal-sign-in-code');
  const code = /\b(\d{6})\b/.exec(message?.body ?? '')?.[1];
  if (!code) throw new Error(`no code sent to ${contact}`);
  const verify = await app.inject({ method: 'POST', url: '/api/portal/verify', payload: { challengeId: res.json().challengeId, code } });
  if (verify.statusCode !== 200) throw new Error(`verify: ${verify.statusCode} ${verify.body}`);
  return cookiesFrom(verify);
}

/** The intake token of the newest link in the confirmation message to `email`. */
export async function intakeTokenFor(ctx: Pick<AppContext, 'db'>, email: string): Promise<string> {
  const [message] = await outboxFor(ctx.db, email, 'appointment-request-received');
  const token = /\/intake\?token=([A-Za-z0-9_-]+)/.exec(message?.body ?? '')?.[1];
  if (!token) throw new Error(`no intake link sent to ${email}`);
  return token;
}

/** A patient with a request at `organization` and a portal session (for the authorization matrix). */
export async function matrixPatient(app: TestApp, ctx: Pick<AppContext, 'db'>, organization: { slug: string }) {
  const email = `matrix-patient-${randomBytes(4).toString('hex')}@example.test`;
  const dateOfBirth = '1979-09-09';
  const other = { reason: 'other', reasonOther: 'Matrix check-up', email, dateOfBirth };
  await submitWebRequest(app, organization.slug, other);
  const signIn = () => portalSignIn(app, ctx, organization.slug, email, dateOfBirth);
  return {
    email,
    dateOfBirth,
    cookie: await signIn(),
    /** A session of its own (for sign-out). */
    newSession: signIn,
    /** A new pending request of this patient; answers its id. */
    newRequest: async () => {
      const r = await submitWebRequest(app, organization.slug, other);
      const [row] = await ctx.db.select({ id: appointmentRequests.id }).from(appointmentRequests).where(eq(appointmentRequests.referenceCode, r.referenceCode));
      return row!.id;
    },
  };
}
export type MatrixPatient = Awaited<ReturnType<typeof matrixPatient>>;
