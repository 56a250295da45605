import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestAppHandle } from '../test-support/index.js';
import { createPractice, recordsOf, type Practice } from './testing/call-fixtures.js';
import { FakeTwilioCall } from './testing/fake-twilio.js';

/**
 * The agent makes a request's reference code in the server and stores the request in the turn's
 * own statement (decision 012), so a code that is already taken fails that statement. The codes
 * here are forced: the first booking takes a code, the second is handed the same code first.
 */
const forced: string[] = [];
vi.mock('../features/appointment-requests/reference-code.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../features/appointment-requests/reference-code.js')>();
  return { ...real, newReferenceCode: () => forced.shift() ?? real.newReferenceCode() };
});

let t: TestAppHandle;
let practice: Practice;

beforeAll(async () => {
  t = await createTestApp();
  practice = await createPractice(t.ctx);
});
afterAll(async () => {
  await t?.close();
});

async function book(from: string, name: string) {
  const call = new FakeTwilioCall(t.app, from, practice.number);
  await call.answer();
  for (const line of ["I'd like to make an appointment", name, 'March third nineteen eighty', 'a follow-up', 'yes', 'any time', 'yes']) await call.say(line);
  const saved = await call.say('yes that is correct');
  return { call, saved };
}

describe('a reference code already taken', () => {
  it('runs the turn again with a new code: one request, the code the caller hears, nothing lost', async () => {
    forced.push('KKK-7777');
    const first = await book('+18605550161', 'Jane Smith');
    expect(first.saved.text).toMatch(/reference code is K K K, 7 7 7 7/);

    forced.push('KKK-7777');
    const second = await book('+18605550162', 'Ravi Patel');
    const { requests, handoffs, events, call } = await recordsOf(t.db, second.call.callSid);
    expect(requests).toHaveLength(1);
    expect(requests[0]!.referenceCode).not.toBe('KKK-7777');
    expect(second.saved.text).toContain(`reference code is ${requests[0]!.referenceCode!.replace('-', '').split('').slice(0, 3).join(' ')}`);
    expect(handoffs.map((h) => h.type)).toEqual(['appointment_request']);
    expect(call!.patientId).toBe(requests[0]!.patientId);
    // The failed attempt left no events behind: each seq once, the caller's words stored once.
    expect(events.filter((e) => e.kind === 'caller_speech' && e.payload.text === 'yes that is correct')).toHaveLength(1);
    expect(new Set(events.map((e) => e.seq)).size).toBe(events.length);
  });
});
