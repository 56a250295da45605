import fs from 'node:fs';
import path from 'node:path';
import { randomBytes, randomUUID } from 'node:crypto';
import { count, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { organizations, userOrganizations, users } from '../db/schema/index.js';
import { hashPassword } from '../auth/password-hash.js';
import { setPasswordHash } from '../features/users/index.js';
import { defaultAgentSettings } from '../../contracts/organizations.js';
import { DEMO_ORGANIZATIONS, DEMO_USERS } from './demo-organizations.js';
import { DEMO_FAQ } from './demo-faq.js';
import { DEMO_STAFF, seedHoursAndSchedules } from './demo-hours-schedules.js';
import { enqueueJob } from '../jobs/jobs.repository.js';
import { SEED_DEMO_CALLS_TASK } from './demo-calls/seed-demo-calls.job.js';
import { SEED_DEMO_CAMPAIGN_TASK } from './demo-campaign.job.js';

export interface SeedResult {
  seeded: boolean;
  password?: string;
  credentialsFile: string;
  users: { email: string; role: string }[];
}

/** Transaction-level advisory lock key: web processes starting together on an empty database seed it once. */
const SEED_LOCK = 0x53454544;

/**
 * Seeds the demo on an empty database only; a second start finds users and leaves everything as
 * it is. One transaction: a start killed mid-seed leaves nothing, and the next start seeds it all.
 * Web processes starting at once on one empty database wait for each other (an advisory lock) and
 * the later ones find it seeded. The credentials file is written before the commit, so a seeded
 * database never lacks its file (a kill before the commit leaves a file the next start rewrites).
 * The call history is a job added in the same transaction (seed-demo-calls.job.ts, resumable).
 */
export async function seedDemo(db: Db, opts: { dataDir: string; demoPassword?: string }): Promise<SeedResult> {
  const credentialsFile = path.join(opts.dataDir, 'demo-credentials.txt');
  const listed = DEMO_USERS.map((u) => ({ email: u.email, role: u.role }));
  const isSeeded = async (q: Pick<Db, 'select'>) => Number((await q.select({ n: count() }).from(users))[0]?.n ?? 0) > 0;
  if (await isSeeded(db)) return { seeded: false, credentialsFile, users: listed };

  const password = opts.demoPassword ?? generatePassword();
  const hash = await hashPassword(password);
  const seeded = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    if (await isSeeded(tx)) return false;
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
      new Date(),
    );
    // A month of calls through the real pipeline, made by the worker after the start (it takes
    // longer than the cold-start budget allows): demo-calls/seed-demo-calls.job.ts.
    await enqueueJob(tx, SEED_DEMO_CALLS_TASK, { now: new Date().toISOString() }, { jobKey: SEED_DEMO_CALLS_TASK, maxAttempts: 5 });
    // A recall campaign run by the real dispatcher on the simulator, so /outbound is not empty: demo-campaign.job.ts.
    await enqueueJob(tx, SEED_DEMO_CAMPAIGN_TASK, {}, { jobKey: SEED_DEMO_CAMPAIGN_TASK, maxAttempts: 5 });
    writeCredentials(credentialsFile, password);
    return true;
  });
  return seeded ? { seeded: true, password, credentialsFile, users: listed } : { seeded: false, credentialsFile, users: listed };
}

function writeCredentials(file: string, password: string): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const lines = [
    '# Switchboard demo sign-in (created by the first start)',
    ...DEMO_USERS.map((u) => `${u.role.padEnd(10)} ${u.email}  ${password}`),
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
