import fs from 'node:fs';
import path from 'node:path';
import { randomBytes, randomUUID } from 'node:crypto';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import type { AppContext } from '../app-context.js';
import type { Db } from '../db/client.js';
import { organizations, patients, userOrganizations, users } from '../db/schema/index.js';
import { hashPassword } from '../auth/password-hash.js';
import { setPasswordHash } from '../features/users/index.js';
import { defaultAgentSettings } from '../../contracts/organizations.js';
import { DEMO_ORGANIZATIONS, DEMO_USERS } from './demo-organizations.js';
import { DEMO_FAQ } from './demo-faq.js';
import { DEMO_STAFF, seedHoursAndSchedules } from './demo-hours-schedules.js';
import { enqueueJob } from '../jobs/jobs.repository.js';
import { SEED_DEMO_CALLS_TASK } from './demo-calls/seed-demo-calls.job.js';
import { SEED_DEMO_CAMPAIGN_TASK } from './demo-campaign.job.js';
import { seedDemoCalendars } from './demo-calendars.js';
import { DEMO_PATIENT_SIGN_INS, seedDemoPatients, type DemoPatientSignIn } from './demo-patients.js';

export interface SeedResult {
  seeded: boolean;
  password?: string;
  credentialsFile: string;
  users: { email: string; role: string }[];
  /** The demo patients who may sign in to the portal (none on a database seeded before they existed). */
  patients: (DemoPatientSignIn & { portalUrl: string })[];
}

/** Transaction-level advisory lock key: web processes starting together on an empty database seed it once. */
const SEED_LOCK = 0x53454544;

/**
 * Seeds the demo on an empty database only; a second start finds users and leaves everything as
 * it is. One transaction: a start killed mid-seed leaves nothing, and the next start seeds it all.
 * Web processes starting at once on one empty database wait for each other (an advisory lock) and
 * the later ones find it seeded. The credentials file is written before the commit, so a seeded
 * database never lacks its file (a kill before the commit leaves a file the next start rewrites).
 * The call history is a job added in the same transaction (seed-demo-calls.job.ts, resumable);
 * the demo patients' requests, visits and messages are made in it (demo-patients.ts).
 */
export async function seedDemo(ctx: AppContext, opts: { dataDir: string; demoPassword?: string }): Promise<SeedResult> {
  const db = ctx.db;
  const credentialsFile = path.join(opts.dataDir, 'demo-credentials.txt');
  const listed = DEMO_USERS.map((u) => ({ email: u.email, role: u.role }));
  const signIns = DEMO_PATIENT_SIGN_INS.map((p) => ({ ...p, portalUrl: `${ctx.baseUrl}/portal?org=${p.slug}` }));
  const isSeeded = async (q: Pick<Db, 'select'>) => Number((await q.select({ n: count() }).from(users))[0]?.n ?? 0) > 0;
  if (await isSeeded(db)) return { seeded: false, credentialsFile, users: listed, patients: await presentPatients(db, signIns) };

  const password = opts.demoPassword ?? generatePassword();
  const hash = await hashPassword(password);
  const seeded = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    if (await isSeeded(tx)) return false;
    const now = ctx.clock.now();
    const orgIds = new Map<string, string>();
    for (const org of DEMO_ORGANIZATIONS) {
      const [row] = await tx
        .insert(organizations)
        .values({
          name: org.name,
          slug: org.slug,
          timeZone: org.timeZone,
          address: { ...org.address },
          agentSettings: {
            ...defaultAgentSettings(org.name),
            faq: DEMO_FAQ[org.key],
            ...(org.address.country === 'GB' ? { emergencyMessage: 'If this is a medical emergency, hang up and call 999 now.', voice: 'Polly.Amy', language: 'en-GB' } : {}),
          },
          appointmentSettings: { enabled: true, visitReasons: ['New patient visit', 'Follow-up', 'Annual physical', 'Sick visit', 'Vaccination'], message: 'We will call you to confirm a time.' },
        })
        .returning({ id: organizations.id });
      orgIds.set(org.key, row!.id);
    }
    const userIds = new Map<string, string>();
    for (const u of [...DEMO_USERS.map((d) => ({ ...d, key: d.role as string })), ...DEMO_STAFF]) {
      const id = randomUUID();
      userIds.set(u.key, id);
      await tx.insert(users).values({ id, email: u.email, name: u.name, role: u.role, status: 'active', emailVerified: true });
      await setPasswordHash(tx, id, hash);
      const ids = u.orgs.map((k) => orgIds.get(k)!);
      if (ids.length) await tx.insert(userOrganizations).values(ids.map((organizationId) => ({ userId: id, organizationId })));
    }
    await seedHoursAndSchedules(
      tx,
      DEMO_ORGANIZATIONS.map((o) => ({ key: o.key, id: orgIds.get(o.key)!, timeZone: o.timeZone })),
      userIds,
      now,
    );
    // Clinicians, visit types and three weeks of booked visits (issue 31 §7).
    await seedDemoCalendars(
      tx,
      DEMO_ORGANIZATIONS.map((o) => ({ key: o.key, id: orgIds.get(o.key)!, timeZone: o.timeZone })),
      userIds,
      now,
    );
    // A patient per practice whose portal has something of everything (issue 30 §4).
    await seedDemoPatients(
      ctx,
      tx,
      DEMO_ORGANIZATIONS.map((o) => ({ key: o.key, id: orgIds.get(o.key)!, slug: o.slug, timeZone: o.timeZone })),
      userIds,
      now,
    );
    // A month of calls through the real pipeline, made by the worker after the start (it takes
    // longer than the cold-start budget allows): demo-calls/seed-demo-calls.job.ts.
    await enqueueJob(tx, SEED_DEMO_CALLS_TASK, { now: now.toISOString() }, { jobKey: SEED_DEMO_CALLS_TASK, maxAttempts: 5 });
    // A recall campaign run by the real dispatcher on the simulator, so /outbound is not empty: demo-campaign.job.ts.
    await enqueueJob(tx, SEED_DEMO_CAMPAIGN_TASK, {}, { jobKey: SEED_DEMO_CAMPAIGN_TASK, maxAttempts: 5 });
    writeCredentials(credentialsFile, password, signIns);
    return true;
  });
  return seeded
    ? { seeded: true, password, credentialsFile, users: listed, patients: signIns }
    : { seeded: false, credentialsFile, users: listed, patients: await presentPatients(db, signIns) };
}

/** How the demo sign-in lists a demo patient (the first start's output and demo-credentials.txt). */
export function patientSignInLine(p: SeedResult['patients'][number]): string {
  return `${'patient'.padEnd(10)} ${p.email}  date of birth ${p.dateOfBirth}  ${p.portalUrl}`;
}

/** Said under the demo patients: how they sign in. */
export const PATIENT_SIGN_IN_NOTE = 'a patient signs in with the e-mail address and date of birth; the one-time code appears on the server’s terminal';

/** The demo patients this database has (a database seeded before there were any has none). */
async function presentPatients(db: Db, list: SeedResult['patients']): Promise<SeedResult['patients']> {
  const rows = await db
    .select({ slug: organizations.slug, email: patients.email })
    .from(patients)
    .innerJoin(organizations, eq(organizations.id, patients.organizationId))
    .where(and(inArray(organizations.slug, list.map((p) => p.slug)), inArray(patients.email, list.map((p) => p.email))));
  return list.filter((p) => rows.some((r) => r.slug === p.slug && r.email === p.email));
}

function writeCredentials(file: string, password: string, signIns: SeedResult['patients']): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const lines = [
    '# Switchboard demo sign-in (created by the first start)',
    ...DEMO_USERS.map((u) => `${u.role.padEnd(10)} ${u.email}  ${password}`),
    `# Demo patients at the patient portal: ${PATIENT_SIGN_IN_NOTE}`,
    ...signIns.map(patientSignInLine),
    '',
  ];
  fs.writeFileSync(file, lines.join('\n'), { mode: 0o600 });
  fs.chmodSync(file, 0o600);
}

function generatePassword(): string {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
  const bytes = randomBytes(15);
  let out = '';
  for (let i = 0; i < 15; i++) {
    out += alphabet[bytes[i]! % alphabet.length];
    if (i % 5 === 4 && i < 14) out += '-';
  }
  return out;
}
