import fs from 'node:fs';
import path from 'node:path';
import { randomBytes, randomUUID } from 'node:crypto';
import { count } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { organizations, userOrganizations, users } from '../db/schema/index.js';
import { hashPassword } from '../auth/password-hash.js';
import { setPasswordHash } from '../features/users/users.repository.js';
import { defaultAgentSettings } from '../../contracts/organizations.js';
import { DEMO_ORGANIZATIONS, DEMO_USERS } from './demo-organizations.js';
import { DEMO_STAFF, seedHoursAndSchedules } from './demo-hours-schedules.js';
import { enqueueJob } from '../jobs/jobs.repository.js';
import { SEED_DEMO_CALLS_TASK } from './demo-calls/seed-demo-calls.job.js';

export interface SeedResult {
  seeded: boolean;
  password?: string;
  credentialsFile: string;
  users: { email: string; role: string }[];
}

/** Seeds the demo on an empty database only; a second start finds users and leaves everything as it is. */
export async function seedDemo(db: Db, opts: { dataDir: string; demoPassword?: string }): Promise<SeedResult> {
  const credentialsFile = path.join(opts.dataDir, 'demo-credentials.txt');
  const listed = DEMO_USERS.map((u) => ({ email: u.email, role: u.role }));
  const [existing] = await db.select({ n: count() }).from(users);
  if (Number(existing?.n ?? 0) > 0) return { seeded: false, credentialsFile, users: listed };

  const password = opts.demoPassword ?? generatePassword();
  const hash = await hashPassword(password);
  await db.transaction(async (tx) => {
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
    await enqueueJob(tx, SEED_DEMO_CALLS_TASK, {}, { jobKey: SEED_DEMO_CALLS_TASK, maxAttempts: 1 });
  });

  fs.mkdirSync(opts.dataDir, { recursive: true });
  const lines = [
    '# Switchboard demo sign-in (created by the first start)',
    ...DEMO_USERS.map((u) => `${u.role.padEnd(10)} ${u.email}  ${password}`),
    '',
  ];
  fs.writeFileSync(credentialsFile, lines.join('\n'), { mode: 0o600 });
  fs.chmodSync(credentialsFile, 0o600);
  return { seeded: true, password, credentialsFile, users: listed };
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
