import { beforeAll, describe, expect, it } from 'vitest';
import type { VisitTypeRow } from '../../../features/calendars/index.js';
import { initialAgentState } from '../../agent-state.js';
import type { OfferedTime, TurnEnv } from '../../agent-types.js';
import { fakeEnv, FakeToolbox } from '../../testing/fake-turn.js';
import { TurnLog } from '../../turn-log.js';
import { understandingModels } from '../../nlu/models.js';
import { builtinBrain } from './builtin-brain.js';

// The understanding's models are read (or trained) once per test file: not inside the first test's five seconds.
beforeAll(() => void understandingModels(), 120_000);

/**
 * The built-in brain's side of booking an open time (issue 31 §3), with the booking tools canned:
 * when it looks for times, what it asks the tools, and how it goes on from their answers.
 */
const NOW = new Date('2026-11-27T14:00:00Z');
const type = (fields: Partial<VisitTypeRow>): VisitTypeRow =>
  ({ id: 'vt-physical', organizationId: 'org-1', nameEn: 'Annual physical', nameEs: 'Examen físico anual', lengthMinutes: 30, bufferMinutes: 10, newPatientsAllowed: true, minNoticeMinutes: 0, maxDaysAhead: 30, channels: ['phone', 'web', 'staff'], active: true, ...fields }) as VisitTypeRow;
const PHYSICAL = type({});
const SICK = type({ id: 'vt-sick', nameEn: 'Sick visit', nameEs: 'Consulta por enfermedad', newPatientsAllowed: false });
const FOLLOW_UP = type({ id: 'vt-follow', nameEn: 'Follow-up', nameEs: 'Consulta de seguimiento', channels: ['staff'] });

const time = (start: string, clinicianName: string): OfferedTime => ({ start: Date.parse(start), end: Date.parse(start) + 30 * 60_000, clinicianId: `c-${clinicianName}`, clinicianName, locationId: 'l-1', locationName: 'Main Street clinic' });
const OFFERED = [time('2026-11-30T14:00:00Z', 'Dr. Rebecca Hart'), time('2026-12-01T18:00:00Z', 'Dr. Luis Ruiz')];

/** The booking tools as the real ones leave the call's state: an offer, a hold of the option chosen, a booking. */
function bookingTools(env: TurnEnv) {
  return new FakeToolbox()
    .answer('find_open_times', () => {
      env.state.booking = { visitTypeId: PHYSICAL.id, visitTypeName: PHYSICAL.nameEn, ask: { reason: 'Annual physical', reasonOther: null, isNewPatient: false, preferences: { days: [], timesOfDay: [] } }, offered: OFFERED, moreOffers: 0, seen: OFFERED.map((t) => t.start) };
      return { ok: true, result: { bookable: true }, speech: 'I can offer A, or B. Which would you like?' };
    })
    .answer('hold_open_time', (args) => {
      const chosen = OFFERED[Number(args.option) - 1]!;
      env.state.booking!.hold = { visitId: 'v-1', time: chosen, patient: { firstName: 'Jane', lastName: 'Smith', dateOfBirth: '1980-03-03', phone: '+18605550123', isNewPatient: false } };
      return { ok: true, result: { held: true }, speech: '' };
    })
    .answer('book_held_time', () => ({ ok: true, result: { booked: true, referenceCode: 'K7M-4QXR' }, speech: "You're booked." }));
}

async function talk(lines: string[], visitTypes: VisitTypeRow[], tools?: (env: TurnEnv) => FakeToolbox) {
  const env = fakeEnv(initialAgentState(), NOW, visitTypes);
  const toolbox = (tools ?? bookingTools)(env);
  const said: string[] = [];
  for (const line of lines) {
    env.log = new TurnLog(() => env.now);
    said.push((await builtinBrain.respond(env, toolbox, line)).text);
  }
  return { said, tools: toolbox, env };
}

const UP_TO_TIMES = ["I'd like to book an annual physical", 'Jane Smith', 'March third nineteen eighty', 'yes', 'mornings'];

describe('booking an open time with the built-in brain', () => {
  it('looks for times once it knows the reason, new or returning and the preferred times, then holds the one chosen and books it on yes', async () => {
    const { said, tools, env } = await talk([...UP_TO_TIMES, 'the second one', 'yes', 'yes'], [PHYSICAL, SICK, FOLLOW_UP]);
    expect(said[4]).toBe('Got it. I can offer A, or B. Which would you like?');
    expect(tools.calls[0]).toEqual({
      name: 'find_open_times',
      args: { reason: 'Annual physical', isNewPatient: false, preferences: { days: [], timesOfDay: ['morning'], text: 'mornings' } },
    });
    expect(tools.calls[1]).toEqual({ name: 'hold_open_time', args: { option: 2, firstName: 'Jane', lastName: 'Smith', dateOfBirth: '1980-03-03' } });
    expect(said[5]).toMatch(/^Great\. Is 8 6 0, 5 5 5, 0 1 2 3 the best number/);
    expect(said[6]).toMatch(/, on Tuesday, December 1st at 1 PM with Dr\. Ruiz at Main Street clinic, and your number is 8 6 0, 5 5 5, 0 1 2 3\. Is that all correct\?$/);
    expect(tools.calls[2]).toEqual({ name: 'book_held_time', args: { phone: '+18605550123', firstName: 'Jane', lastName: 'Smith', dateOfBirth: '1980-03-03', callerConfirmed: true } });
    expect(said[7]).toBe("You're booked. Is there anything else I can help you with?");
    expect(tools.names()).not.toContain('create_appointment_request');
    expect(env.state.builtin.flow).toBe('anything_else');
  });

  it('asks nothing of the tools at a practice that books no visit type by phone, or for a front-desk type, or a new patient where the type takes none', async () => {
    for (const [types, lines] of [
      [[], UP_TO_TIMES],
      [[FOLLOW_UP], ["I'd like to book a follow-up", 'Jane Smith', 'March third nineteen eighty', 'yes', 'mornings']],
      [[SICK], ["I'd like to book a sick visit", 'Jane Smith', 'March third nineteen eighty', 'no, first time', 'mornings']],
    ] as const) {
      const { said, tools } = await talk([...lines], [...types]);
      expect(said.at(-1)).toMatch(/8 6 0, 5 5 5, 0 1 2 3 the best number/);
      expect(tools.names()).toEqual([]);
    }
  });

  it('offers other times once when none suits, then goes on with the request', async () => {
    const { said, tools } = await talk([...UP_TO_TIMES, 'none of those work', 'yes', 'yes'], [PHYSICAL], (env) =>
      bookingTools(env).answer('find_open_times', (args) => {
        if (args.otherTimes) return { ok: true, result: { bookable: false, why: 'no_other_times' }, speech: 'No others, sorry.' };
        env.state.booking = { visitTypeId: PHYSICAL.id, visitTypeName: PHYSICAL.nameEn, ask: { reason: 'Annual physical', reasonOther: null, isNewPatient: false, preferences: { days: [], timesOfDay: [] } }, offered: OFFERED, moreOffers: 0, seen: [] };
        return { ok: true, result: { bookable: true }, speech: 'I can offer A, or B. Which would you like?' };
      }),
    );
    expect(tools.calls[1]).toMatchObject({ name: 'find_open_times', args: { otherTimes: true } });
    expect(said[5]).toMatch(/^No others, sorry\. Is 8 6 0, 5 5 5, 0 1 2 3 the best number/);
    expect(said[6]).toMatch(/preferring mornings, and we'll call/);
    expect(tools.names().at(-1)).toBe('create_appointment_request');
  });

  it('offers the next times when the chosen one was taken, and asks again when the choice is unclear', async () => {
    const { said, tools } = await talk([...UP_TO_TIMES, 'hmm', 'Monday'], [PHYSICAL], (env) =>
      bookingTools(env).answer('hold_open_time', () => ({ ok: false, result: { error: 'slot_taken', options: [{ option: 1 }] }, speech: "I'm sorry, that time was just taken. I can offer C. Would that suit you?" })),
    );
    expect(said[5]).toBe("Sorry, I didn't catch that. I can offer Monday, November 30th at 9 AM with Dr. Hart, or Tuesday, December 1st at 1 PM with Dr. Ruiz. Which would you like?");
    expect(said[6]).toBe("I'm sorry, that time was just taken. I can offer C. Would that suit you?");
    expect(tools.names()).toEqual(['find_open_times', 'hold_open_time']);
  });

  it('looks for times again when the caller changes the preferred times at the read-back', async () => {
    const { said, tools } = await talk([...UP_TO_TIMES, 'the first one', 'yes', "no, I'd prefer afternoons"], [PHYSICAL]);
    expect(said[6]).toMatch(/on Monday, November 30th at 9 AM with Dr\. Hart/);
    expect(said[7]).toBe('Thanks for the correction. I can offer A, or B. Which would you like?');
    expect(tools.names()).toEqual(['find_open_times', 'hold_open_time', 'find_open_times']);
    expect(tools.calls[2]!.args.preferences).toMatchObject({ timesOfDay: ['afternoon'] });
  });
});
