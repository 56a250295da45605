import { spawn, type ChildProcess } from 'node:child_process';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizationPhoneNumbers, outboxMessages } from '../../db/schema/index.js';
import { createOrganization, createStaffUser, createTestApp, TEST_ENV, type TestAppHandle } from '../../test-support/index.js';
import { bundleRoleServer } from '../../test-support/role-server-bundle.js';
import { sendMessage } from '../../features/outbox/outbox.service.js';
import { TWILIO_TEST_TOKEN } from '../testing/fake-twilio.js';
import { startFakeTwilioRest, type FakeTwilioRest } from '../outbound/testing/fake-twilio-rest.js';

/**
 * The text-message bar (DESIGN, decision 044): the product sending a batch of texts through Twilio
 * (a fake on 127.0.0.1 that takes each message and answers 40 ms later) is killed with SIGKILL twice
 * mid-batch and started again on the same database. Afterwards every text went to Twilio exactly
 * once — those whose answer the kill cut off were found at Twilio, not sent again — and every row
 * holds its message SID. No status callback reaches the server here: only Twilio's list can tell.
 */
const ACCOUNT_SID = `AC${'a1b2c3d4e5f60718'.repeat(2)}`;
const TEXTS = 40;
let server: Awaited<ReturnType<typeof bundleRoleServer>>;
let t: TestAppHandle;
let fake: FakeTwilioRest;

beforeAll(async () => {
  server = await bundleRoleServer();
  fake = await startFakeTwilioRest(ACCOUNT_SID, { authToken: TWILIO_TEST_TOKEN });
  fake.messageDelayMs = 40;
  t = await createTestApp();
}, 60_000);
afterAll(async () => {
  server?.remove();
  await t?.close();
  await fake?.close();
});

function start(): Promise<ChildProcess> {
  const child = spawn(process.execPath, [server.file, '--role=all'], {
    env: {
      ...process.env,
      ...TEST_ENV,
      DATABASE_URL: t.databaseUrl,
      DATA_DIR: t.ctx.env.dataDir,
      PORT: '0',
      LOG_LEVEL: 'silent',
      TWILIO_ACCOUNT_SID: ACCOUNT_SID,
      TWILIO_API_BASE_URL: fake.baseUrl,
      OUTBOUND_TEST_PRIVATE_ADDRESSES: '127.0.0.1',
      SMS_PER_SECOND: '1000',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (/READY \d+/.test(out)) resolve(child);
    });
    child.once('exit', (code) => reject(new Error(`the server exited (${code}) before it was ready`)));
  });
}

function kill(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}

describe('kill -9 while texts go out, then a restart', () => {
  it('sends every text to Twilio exactly once and keeps each message SID', async () => {
    // A database with users is not seeded with the demo: only these texts go out.
    await createStaffUser(t.ctx, { role: 'admin' });
    const org = await createOrganization(t.ctx);
    await t.db.insert(organizationPhoneNumbers).values({ organizationId: org.id, e164: '+18605550900' });
    const recipients = Array.from({ length: TEXTS }, (_, i) => `+1860555${String(7000 + i)}`);
    for (const to of recipients) await sendMessage(t.db, { channel: 'sms', recipient: to, body: `Your code ${to.slice(-4)}`, template: 'crash-test', organizationId: org.id });

    let cutOff = 0;
    for (const after of [8, 22]) {
      const child = await start();
      const wait = Date.now() + 20_000;
      while (fake.messages.length < after && Date.now() < wait) await new Promise((r) => setTimeout(r, 5));
      await new Promise((r) => setTimeout(r, 20)); // lands inside a 40 ms answer
      await kill(child);
      const { rows } = await t.db.execute<{ n: number }>(sql`select count(*)::int as n from outbox_messages where status = 'sending' and provider_message_id is null`);
      cutOff += rows[0]!.n;
    }
    const last = await start();
    const deadline = Date.now() + 150_000;
    const done = async () => (await t.db.select({ id: outboxMessages.id }).from(outboxMessages).where(sql`${outboxMessages.organizationId} = ${org.id} and ${outboxMessages.providerMessageId} is not null`)).length;
    while ((await done()) < TEXTS && Date.now() < deadline) await new Promise((r) => setTimeout(r, 250));
    await kill(last);
    const { rows: stuck } = await t.db.execute(sql`
      select o.recipient, o.status, o.claimed_at, o.last_error, o.attempts, j.attempts as job_attempts, j.run_at, j.last_error as job_error
      from outbox_messages o left join graphile_worker._private_jobs j on j.payload->>'id' = o.id::text
      where o.organization_id = ${org.id} and o.provider_message_id is null`);
    expect(stuck).toEqual([]);

    const rows = await t.db.select().from(outboxMessages).where(eq(outboxMessages.organizationId, org.id));
    expect(rows).toHaveLength(TEXTS);
    for (const row of rows) {
      const atTwilio = fake.messages.filter((m) => m.to === row.recipient);
      expect(atTwilio, row.recipient).toHaveLength(1);
      expect(row).toMatchObject({ status: 'sent', transport: 'twilio', providerMessageId: atTwilio[0]!.sid });
    }
    expect(fake.messages.filter((m) => !recipients.includes(m.to)).map((m) => `${m.to}: ${m.body}`)).toEqual([]);
    expect(fake.messages).toHaveLength(TEXTS);
    // The kills did land while answers were on their way (else this test proves little).
    expect(cutOff).toBeGreaterThan(0);
  }, 240_000);
});
