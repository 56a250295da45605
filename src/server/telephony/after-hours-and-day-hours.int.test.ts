import { and, eq } from 'drizzle-orm';
import { Temporal } from 'temporal-polyfill';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { handoffs, organizationHours, organizations, users } from '../db/schema/index.js';
import { seedDemo } from '../seed/seed.js';
import { createTestApp, type TestAppHandle } from '../test-support/index.js';
import { recordsOf } from './testing/call-fixtures.js';
import { FakeTwilioCall, TWILIO_TEST_TOKEN, type Twiml } from './testing/fake-twilio.js';

/**
 * The demo practices at chosen local times (issue 19 §1–2): questions about one day answered
 * with that day's office hours, and urgent transfers outside office hours dialled to the
 * after-hours cover (Harbor Pediatrics' overnight nurse line), inside them to the front desk.
 */
const HARBOR = '+15105550100';
const MAPLE = '+18605550100';
const CAMDEN = '+442079460000';
const NURSE_LINE = '+15105550123';
const MARIA_PHONE = '+15105550177';
const FEVER = "Hi, I need to talk to a nurse please, my son is four and he's had a fever all evening";

let t: TestAppHandle;
beforeAll(async () => {
  t = await createTestApp({ TWILIO_AUTH_TOKEN: TWILIO_TEST_TOKEN });
  await seedDemo(t.ctx, { dataDir: t.ctx.env.dataDir, demoPassword: 'demo-password-for-tests' });
  // Maria works Harbor's front desk; with a phone of her own a transfer to her dials it.
  await t.db.update(users).set({ phone: MARIA_PHONE }).where(eq(users.email, 'maria.lopez@switchboard.demo'));
}, 120_000);
afterEach(() => t.ctx.clock.reset());
afterAll(() => t?.close());

/** Today in the zone (the seed's rotas are relative to it). */
function todayIn(zone: string): Temporal.PlainDate {
  return Temporal.Now.zonedDateTimeISO(zone).toPlainDate();
}

/** The first date after `from` (exclusive) on one of `days` (1 Monday … 7 Sunday). */
function nextOn(from: Temporal.PlainDate, days: number[]): Temporal.PlainDate {
  let d = from.add({ days: 1 });
  while (!days.includes(d.dayOfWeek)) d = d.add({ days: 1 });
  return d;
}

function setLocalTime(date: Temporal.PlainDate, time: string, zone: string): void {
  t.ctx.clock.reset();
  const at = date.toPlainDateTime(Temporal.PlainTime.from(time)).toZonedDateTime(zone).epochMilliseconds;
  t.ctx.clock.advance(at - Date.now());
}

async function converse(number: string, lines: string[]): Promise<{ call: FakeTwilioCall; replies: Twiml[] }> {
  const call = new FakeTwilioCall(t.app, '+15105550166', number);
  const replies: Twiml[] = [await call.answer()];
  for (const said of lines) replies.push(await call.say(said));
  return { call, replies };
}

describe("questions about one day get that day's office hours", () => {
  it('Harbor Pediatrics on a Friday evening: tomorrow, Sunday, today, the weekend, Monday', async () => {
    setLocalTime(nextOn(todayIn('America/Los_Angeles'), [5]), '20:00', 'America/Los_Angeles');
    const { replies } = await converse(HARBOR, ['are you open tomorrow?', 'what time do you open on Sunday', 'are you open today', 'open this weekend?', 'and what are your hours Monday']);
    const said = replies.slice(1).map((r) => r.text);
    expect(said[0]).toMatch(/^Tomorrow, Saturday, we're open 9 AM to 1 PM\. Is there anything else/);
    expect(said[1]).toMatch(/^On Sunday we're open 9 AM to 1 PM\./);
    expect(said[2]).toMatch(/^Today we're open 8 AM to 6 PM\. We're closed now and open again tomorrow at 9 AM\./);
    expect(said[3]).toMatch(/^This weekend: Saturday and Sunday, 9 AM to 1 PM\./);
    expect(said[4]).toMatch(/^On Monday we're open 8 AM to 6 PM\./);
    for (const s of said) expect(s).not.toMatch(/regular hours/);
  });

  it('Maple Street the day before its Thanksgiving closure: closed tomorrow and when it opens next; today with its lunch break', async () => {
    const [maple] = await t.db.select({ id: organizations.id }).from(organizations).where(eq(organizations.slug, 'maple-street'));
    const [hours] = await t.db.select().from(organizationHours).where(eq(organizationHours.organizationId, maple!.id));
    const thanksgiving = hours!.overrides.find((o) => o.label === 'Thanksgiving')!;
    setLocalTime(Temporal.PlainDate.from(thanksgiving.from).subtract({ days: 1 }), '12:30', 'America/New_York');
    const { replies } = await converse(MAPLE, ['Are you open tomorrow?', 'are you open today']);
    expect(replies[1]!.text).toMatch(/^We're closed tomorrow, Thursday, for Thanksgiving\. We open again on Saturday at 9 AM\./);
    expect(replies[2]!.text).toMatch(/^Today we're open 8 AM to noon and 1 PM to 5 PM\. We're closed now and open again today at 1 PM\./);
  });

  it('a closure saved while a call is in progress reaches the call\'s next turn (hours are read in the turn, not kept with the call)', async () => {
    const [maple] = await t.db.select({ id: organizations.id }).from(organizations).where(eq(organizations.slug, 'maple-street'));
    const [before] = await t.db.select().from(organizationHours).where(eq(organizationHours.organizationId, maple!.id));
    const tuesday = nextOn(todayIn('America/New_York'), [2]);
    setLocalTime(tuesday, '10:00', 'America/New_York');
    const call = new FakeTwilioCall(t.app, '+15105550166', MAPLE);
    await call.answer();
    expect((await call.say('are you open today')).text).toMatch(/^Today we're open 8 AM to noon and 1 PM to 5 PM\./);
    const day = tuesday.toString();
    await t.db
      .update(organizationHours)
      .set({ overrides: [...before!.overrides, { from: day, to: day, label: 'Staff training', closed: true, intervals: [] }], version: before!.version + 1 })
      .where(eq(organizationHours.organizationId, maple!.id));
    try {
      expect((await call.say('sorry, are you open today?')).text).toMatch(/^We're closed today.*Staff training/);
    } finally {
      await t.db.update(organizationHours).set({ overrides: before!.overrides, version: before!.version + 2 }).where(eq(organizationHours.organizationId, maple!.id));
    }
  });

  it('Maple Street two days before Thanksgiving: "open on Thanksgiving?" gets its closure; Harbor, with no closure, its usual Thursday', async () => {
    const [maple] = await t.db.select({ id: organizations.id }).from(organizations).where(eq(organizations.slug, 'maple-street'));
    const [hours] = await t.db.select().from(organizationHours).where(eq(organizationHours.organizationId, maple!.id));
    const thanksgiving = Temporal.PlainDate.from(hours!.overrides.find((o) => o.label === 'Thanksgiving')!.from);
    setLocalTime(thanksgiving.subtract({ days: 2 }), '10:00', 'America/New_York');
    const maples = await converse(MAPLE, ['Hi, are you guys open on Thanksgiving?']);
    expect(maples.replies[1]!.text).toMatch(/^We're closed on Thursday for Thanksgiving\. We open again on Saturday at 9 AM\./);
    const harbor = await converse(HARBOR, ["what are your hours thanksgiving day"]);
    expect(harbor.replies[1]!.text).toMatch(/^We have no special hours for Thanksgiving\. On Thursday we're open 8 AM to 6 PM\./);
    const spanish = await converse(HARBOR, ['¿Abren el día de Acción de Gracias?']);
    expect(spanish.replies[1]!.text).toMatch(/^No tenemos un horario especial por Thanksgiving\. El jueves abrimos de las 8 de la mañana a las 6 de la tarde\./);
  });

  it('in Spanish: ¿abren mañana? and the hours of Sunday', async () => {
    setLocalTime(nextOn(todayIn('America/Los_Angeles'), [5]), '20:00', 'America/Los_Angeles');
    const { replies } = await converse(HARBOR, ['Hola, ¿abren mañana por la mañana?', '¿qué horario tienen el domingo?']);
    expect(replies[1]!.text).toMatch(/^Mañana, sábado, abrimos de las 9 de la mañana a la 1 de la tarde\. ¿Hay algo más/);
    expect(replies[2]!.text).toMatch(/^El domingo abrimos de las 9 de la mañana a la 1 de la tarde\./);
  });

  it('Camden Road on a Saturday: closed today, Monday from 8 AM', async () => {
    setLocalTime(nextOn(todayIn('Europe/London'), [6]), '11:00', 'Europe/London');
    const { replies } = await converse(CAMDEN, ['are you open today', 'what are your hours on Monday']);
    expect(replies[1]!.text).toMatch(/^We're closed today\. We open again on Monday at 8 AM\./);
    expect(replies[2]!.text).toMatch(/^On Monday we're open 8 AM to 6:30 PM\./);
  });
});

describe('urgent transfers outside office hours go to the after-hours cover', () => {
  it('a feverish child at 23:00 is put through to the overnight nurse line', async () => {
    // Tomorrow night: the seed's provider-maintenance override is the night after.
    setLocalTime(todayIn('America/Los_Angeles').add({ days: 1 }), '23:00', 'America/Los_Angeles');
    const { call, replies } = await converse(HARBOR, [FEVER]);
    expect(replies[1]!.text).toBe("The office is closed, so I'm connecting you with our on-call line. Please hold.");
    expect(replies[1]!.dialTarget).toEqual({ number: NURSE_LINE });
    await call.dialResult('completed');
    const records = await recordsOf(t.db, call.callSid);
    expect(records.call!.outcome).toBe('transferred');
    expect(records.handoffs.map((h) => ({ type: h.type, priority: h.priority }))).toEqual([{ type: 'live_transfer', priority: 'urgent' }]);
    expect(records.handoffs[0]!.reason).toMatch(/^After-hours urgent transfer: .*fever/);
    expect(records.events.find((e) => e.kind === 'transfer')?.payload).toMatchObject({ target: { type: 'phone', phone: NURSE_LINE }, afterHours: true });
  });

  it('the same call at 10:00 on a weekday goes to the front desk (Maria Lopez)', async () => {
    setLocalTime(nextOn(todayIn('America/Los_Angeles'), [1, 2, 3, 4, 5]), '10:00', 'America/Los_Angeles');
    const { call, replies } = await converse(HARBOR, [FEVER]);
    expect(replies[1]!.text).toBe('Please hold while I connect you with Maria Lopez.');
    expect(replies[1]!.dialTarget).toEqual({ number: MARIA_PHONE });
    const records = await recordsOf(t.db, call.callSid);
    expect(records.handoffs.map((h) => ({ type: h.type, priority: h.priority }))).toEqual([{ type: 'live_transfer', priority: 'high' }]);
  });

  it('after hours, a question for the front desk is not put through to the nurse: a call-back as before', async () => {
    setLocalTime(todayIn('America/Los_Angeles').add({ days: 1 }), '23:00', 'America/Los_Angeles');
    const { call, replies } = await converse(HARBOR, ['can I talk to someone at the front desk about my bill']);
    expect(replies[1]!.dialTarget).toBeNull();
    expect(replies[1]!.text).toMatch(/We're closed right now, so there's nobody here to take your call\. We open again tomorrow at \d AM\. I can have someone call you back/);
    expect((await recordsOf(t.db, call.callSid)).handoffs).toEqual([]);
  });

  it('the nurse line does not answer: an urgent call-back, the transfer task canceled', async () => {
    setLocalTime(todayIn('America/Los_Angeles').add({ days: 1 }), '23:00', 'America/Los_Angeles');
    const { call } = await converse(HARBOR, [FEVER]);
    expect(call.last!.dialTarget).toEqual({ number: NURSE_LINE });
    expect((await call.dialResult('no-answer')).text).toMatch(/isn't available right now\. Would you like someone to call you back/);
    await call.say('yes please');
    expect((await call.say('yes')).text).toMatch(/call you back at .* as soon as someone is free/);
    const records = await recordsOf(t.db, call.callSid);
    expect(records.handoffs.map((h) => ({ type: h.type, priority: h.priority, status: h.status }))).toEqual([
      { type: 'live_transfer', priority: 'urgent', status: 'canceled' },
      { type: 'callback', priority: 'urgent', status: 'open' },
    ]);
  });

  it('the caller hangs up while the nurse line rings: an urgent call-back task, outcome abandoned', async () => {
    setLocalTime(todayIn('America/Los_Angeles').add({ days: 1 }), '23:00', 'America/Los_Angeles');
    const { call } = await converse(HARBOR, [FEVER]);
    expect((await call.status('completed', 40)).statusCode).toBe(200);
    const records = await recordsOf(t.db, call.callSid);
    expect(records.call!.outcome).toBe('abandoned');
    expect(records.call!.summary).toMatch(/during an after-hours urgent transfer to/);
    const open = records.handoffs.filter((h) => h.status === 'open');
    expect(open.map((h) => ({ type: h.type, priority: h.priority }))).toEqual([{ type: 'callback', priority: 'urgent' }]);
  });

  it('a practice without after-hours cover (Camden Road at 22:00): an urgent call-back, as the product did', async () => {
    setLocalTime(nextOn(todayIn('Europe/London'), [2, 3, 4]), '22:00', 'Europe/London');
    const { call, replies } = await converse(CAMDEN, ['I need to speak to the doctor, my daughter has a high temperature and a rash', 'yes please', 'yes']);
    expect(replies[1]!.dialTarget).toBeNull();
    expect(replies[1]!.text).toMatch(/We're closed right now.*Would you like someone to call you back\?/);
    expect(replies[3]!.text).toMatch(/as soon as someone is free/);
    const [handoff] = await t.db.select().from(handoffs).where(and(eq(handoffs.callId, (await recordsOf(t.db, call.callSid)).call!.id)));
    expect(handoff).toMatchObject({ type: 'callback', priority: 'urgent' });
  });

  it('a call-back asked for about an unwell child while closed is urgent; the same about a bill waits for the office', async () => {
    setLocalTime(nextOn(todayIn('Europe/London'), [2, 3, 4]), '22:00', 'Europe/London');
    const sick = await converse(CAMDEN, ['could the doctor call me back, my daughter has been vomiting all evening', 'yes']);
    expect(sick.replies[2]!.text).toMatch(/call you back at .* as soon as someone is free/);
    const bill = await converse(CAMDEN, ['could someone call me back about my bill', 'yes']);
    expect(bill.replies[2]!.text).toMatch(/call you back at .* after we open (tomorrow|on \w+) at 8 AM/); // the seed's practice holiday may fall tomorrow
    const priorities = async (c: FakeTwilioCall) => (await recordsOf(t.db, c.callSid)).handoffs.map((h) => [h.type, h.priority]);
    expect(await priorities(sick.call)).toEqual([['callback', 'urgent']]);
    expect(await priorities(bill.call)).toEqual([['callback', 'normal']]);
  });
});
