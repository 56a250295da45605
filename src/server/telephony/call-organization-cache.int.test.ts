import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizationHours, organizationPhoneNumbers, organizations } from '../db/schema/index.js';
import { createTestApp, type TestAppHandle } from '../test-support/index.js';
import { createPractice, recordsOf } from './testing/call-fixtures.js';
import { FakeTwilioCall } from './testing/fake-twilio.js';

/**
 * A new call's first answer comes from a cached read of its organization, checked when the call
 * is stored: any change to the organization, its hours or the number's route — made through the
 * API or straight in the database, by this process or another — is heard on the next call.
 */
let t: TestAppHandle;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const ring = async (from: string, to: string) => {
  const call = new FakeTwilioCall(t.app, from, to);
  return { call, twiml: await call.answer() };
};

describe('the organization of a new call', () => {
  it('is read again when it changed since the last call: settings, pausing, hours', async () => {
    const practice = await createPractice(t.ctx);
    expect((await ring('+18605550171', practice.number)).twiml.text).toContain(`Thank you for calling ${practice.name}`);

    // Changed behind the server's back (no version bump, no notification).
    await t.db.execute(sql`update organizations set agent_settings = jsonb_set(agent_settings, '{greeting}', '"Hello from the new front desk."') where id = ${practice.id}`);
    const second = await ring('+18605550172', practice.number);
    expect(second.twiml.text).toBe('Hello from the new front desk.');
    expect((await recordsOf(t.db, second.call.callSid)).call).toMatchObject({ status: 'in_progress', organizationId: practice.id });

    await t.db.update(organizations).set({ status: 'paused' }).where(eq(organizations.id, practice.id));
    const paused = await ring('+18605550173', practice.number);
    expect(paused.twiml.hangup).toBe(true);
    expect(paused.twiml.text).toMatch(/not able to take calls right now/);

    await t.db.update(organizations).set({ status: 'active' }).where(eq(organizations.id, practice.id));
    await t.db.update(organizationHours).set({ weekly: [] }).where(eq(organizationHours.organizationId, practice.id));
    const closed = await ring('+18605550174', practice.number);
    expect(closed.twiml.text).toBe('Hello from the new front desk.');
    expect(await closed.call.say('Are you open right now?').then((x) => x.text)).toMatch(/closed/i);
  });

  it('follows a number moved to another organization, and stops at a number removed', async () => {
    const first = await createPractice(t.ctx);
    const second = await createPractice(t.ctx);
    expect((await ring('+18605550181', first.number)).twiml.text).toContain(first.name);

    await t.db.delete(organizationPhoneNumbers).where(eq(organizationPhoneNumbers.e164, first.number));
    const gone = await ring('+18605550182', first.number);
    expect(gone.twiml.text).toMatch(/not in service/);

    await t.db.insert(organizationPhoneNumbers).values({ organizationId: second.id, e164: first.number, label: 'Moved' });
    const moved = await ring('+18605550183', first.number);
    expect(moved.twiml.text).toContain(second.name);
    expect((await recordsOf(t.db, moved.call.callSid)).call!.organizationId).toBe(second.id);
  });
});
