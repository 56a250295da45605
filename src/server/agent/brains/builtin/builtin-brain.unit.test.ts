import { describe, expect, it } from 'vitest';
import type { TurnEnv } from '../../agent-types.js';
import { fakeEnv, FakeToolbox } from '../../testing/fake-turn.js';
import { TurnLog } from '../../turn-log.js';
import { builtinBrain } from './builtin-brain.js';
import type { Understanding } from '../../nlu/understand.js';

/** A conversation with the built-in brain: each line is what the caller says; answers what it said. */
async function talk(lines: string[], tools = new FakeToolbox(), env: TurnEnv = fakeEnv()) {
  const said: string[] = [];
  for (const line of lines) {
    env.log = new TurnLog(() => env.now);
    const reply = await builtinBrain.respond(env, tools, line);
    said.push(reply.text);
  }
  return { said, tools, env, last: said[said.length - 1]! };
}

describe('the built-in brain', () => {
  it('fills several slots from one sentence and asks only for what is missing', async () => {
    const { last, env } = await talk(["Hi, this is Maria Lopez, I'd like to book a follow-up, born 3/3/80, I've been there before, mornings are best"]);
    expect(env.state.builtin.appt).toMatchObject({ first: 'Maria', last: 'Lopez', dobIso: '1980-03-03', reason: 'Follow-up', isNew: false, prefs: { timesOfDay: ['morning'] } });
    expect(last).toMatch(/8 6 0, 5 5 5, 0 1 2 3 the best number/);
  });

  it('reads the request back before saving anything', async () => {
    const { said, tools } = await talk(['book an appointment', 'Jane Smith', 'March third nineteen eighty', 'follow-up', 'yes', 'any time', 'yes']);
    expect(said.at(-1)).toMatch(/^Great\. Let me read that back\. Jane Smith, born March 3rd, 1980/);
    expect(tools.names()).toEqual([]);
  });

  it('saves with the confirmed details', async () => {
    const tools = new FakeToolbox().answer('create_appointment_request', { ok: true, result: { referenceCode: 'K7M-4QXR' }, speech: 'Saved.' });
    const { last } = await talk(['book an appointment', 'Jane Smith', 'March third nineteen eighty', 'follow-up', 'no', 'Tuesday mornings', 'yes', 'yes'], tools);
    expect(last).toBe('Saved. Is there anything else I can help you with?');
    expect(tools.calls).toEqual([
      {
        name: 'create_appointment_request',
        args: {
          firstName: 'Jane',
          lastName: 'Smith',
          dateOfBirth: '1980-03-03',
          phone: '+18605550123',
          reason: 'Follow-up',
          isNewPatient: true,
          preferences: { days: ['tue'], timesOfDay: ['morning'], text: 'Tuesday mornings' },
          callerConfirmed: true,
        },
      },
    ]);
  });

  it('takes corrections: "no, the 4th" right after, and a new spelling at the read-back', async () => {
    const { env, said } = await talk(['appointment', 'Jane Smith', 'March 3rd 1980', 'no, the 4th', 'vaccination', 'yes', 'mornings', 'yes', 'no, my last name is Smyth, S-M-Y-T-H']);
    expect(said[3]).toMatch(/Sorry about that\. Got it, March 4th, 1980/);
    expect(env.state.builtin.appt).toMatchObject({ last: 'Smyth', dobIso: '1980-03-04' });
    expect(said.at(-1)).toMatch(/^Thanks for the correction\. Let me read that back\. Jane Smyth, born March 4th, 1980/);
  });

  const UP_TO_READ_BACK = ['book an appointment', 'Jane Smith', 'March third nineteen eighty', 'follow-up', 'yes', 'any time', 'yes'];

  it.each(['absolutely not', "yeah no that's wrong", "that's incorrect", 'yes but the date is wrong', 'nah'])('does not save when the read-back is refused: %s', async (refusal) => {
    const { last, tools } = await talk([...UP_TO_READ_BACK, refusal]);
    expect(tools.names()).toEqual([]);
    expect(last).toMatch(/What should I change/);
  });

  it.each(['mhm', 'you got it', 'yep', "yes ma'am"])('saves on a yes as people say it: %s', async (yes) => {
    const tools = new FakeToolbox().answer('create_appointment_request', { ok: true, result: { referenceCode: 'K7M-4QXR' }, speech: 'Saved.' });
    await talk([...UP_TO_READ_BACK, yes], tools);
    expect(tools.names()).toEqual(['create_appointment_request']);
  });

  it.each([
    // Fillers around the name and the date.
    [['book an appointment', 'um yeah so like Jane Smith', "um it's March third uh nineteen eighty"], { first: 'Jane', last: 'Smith', dobIso: '1980-03-03' }],
    // A spelling hint right after the date changes the last name, not the first.
    [['book an appointment', 'Jane Smith', 'March third nineteen eighty', "no wait, it's Smith with a y"], { first: 'Jane', last: 'Smyth', dobIso: '1980-03-03' }],
    [['book an appointment', 'Jane Smith', 'March third nineteen eighty', "actually it's Smyth"], { first: 'Jane', last: 'Smyth' }],
    // "Hold on, it's March fourth" is a correction of the date, not a patient called March Fourth.
    [['book an appointment', 'Jane Smith', 'March third nineteen eighty', "hold on, it's March fourth"], { first: 'Jane', last: 'Smith', dobIso: '1980-03-04' }],
    // A correction while asked a yes/no question.
    [['book an appointment', 'Jane Smith', 'March third nineteen eighty', 'follow-up', 'scratch that, my birthday is the fourth'], { dobIso: '1980-03-04', reason: 'Follow-up' }],
  ])('takes what callers say as they say it: %j', async (lines, expected) => {
    const { env } = await talk(lines);
    expect(env.state.builtin.appt).toMatchObject(expected);
  });

  it('says a corrected name in full', async () => {
    const { last } = await talk(['book an appointment', 'Jane Smith', 'March third nineteen eighty', "no wait, it's Smith with a y"]);
    expect(last).toMatch(/^Sorry about that\. Got it, Jane Smyth\. What's the reason/);
  });

  it('connects to a person whenever asked, even mid-request', async () => {
    const tools = new FakeToolbox().answer('transfer_to_staff', {
      ok: true,
      result: { transferred: true },
      speech: 'Please hold.',
      next: { type: 'transfer', target: { type: 'phone', phone: '+18605550142', name: '+18605550142' }, timeoutSeconds: 20 },
    });
    const env = fakeEnv();
    await talk(['I need an appointment', 'Jane Smith'], tools, env);
    env.log = new TurnLog(() => env.now);
    const reply = await builtinBrain.respond(env, tools, 'can I just talk to a real person');
    expect(reply.next.type).toBe('transfer');
    expect(tools.names()).toEqual(['transfer_to_staff']);
  });

  it.each(['agent', 'customer service', 'can I get a live person'])('connects to a person when asked mid-request: %s', async (ask) => {
    const { tools } = await talk(['I need an appointment', 'Jane Smith', ask]);
    expect(tools.names()).toEqual(['transfer_to_staff']);
  });

  it('does not start a new request for an appointment the caller already has', async () => {
    const { last, env } = await talk(['hi, my appointment is tomorrow and I wanted to confirm it']);
    expect(env.state.builtin.flow).toBe('callback');
    expect(last).toMatch(/^I can't see the appointment schedule myself, but I'll have the front desk call you back about it\./);
  });

  it('after two misunderstandings offers a person or a message', async () => {
    const { said, env } = await talk(['blue elephants', 'purple monkey dishwasher']);
    expect(said[0]).toMatch(/didn't quite catch that/);
    expect(said[1]).toMatch(/connect you with a member of staff, or take a message/);
    expect(env.state.builtin.flow).toBe('offer_help');
  });

  it('looks up a request with the code and date of birth it heard', async () => {
    const tools = new FakeToolbox().answer('lookup_request_status', { ok: true, result: { found: true, status: 'submitted' }, speech: 'We have your request.' });
    const { last } = await talk(['status of my request please', 'kilo seven mike four quebec x-ray romeo', 'the third of March 1980'], tools);
    expect(tools.calls).toEqual([{ name: 'lookup_request_status', args: { referenceCode: 'K7M-4QXR', dateOfBirth: '1980-03-03' } }]);
    expect(last).toBe('We have your request. Is there anything else I can help you with?');
  });

  it('records what it saw and decided for the chat context', async () => {
    const { env } = await talk(['I want to book an appointment, my name is Jane Smith']);
    const request = env.log.events.find((e) => e.kind === 'model_request')!;
    expect(request.payload).toMatchObject({ brain: 'builtin', intent: 'appointment', slots: { name: 'Jane Smith' }, decision: 'start_appointment → ask:dob' });
    expect(request.latencyMs).toEqual(expect.any(Number));
  });
  // The model's confidence moves with its training lines; what it decides when unsure is fixed here.
  const UNSURE: Understanding = {
    intent: null,
    confidence: 0.4,
    alternatives: [{ intent: 'practice_info', p: 0.4 }, { intent: 'location', p: 0.35 }],
    urgency: { level: 'none' },
    language: null,
    yesNo: null,
    correction: false,
  };

  it('asks one clarifying question naming the two likeliest options when unsure, and goes on with the one the answer names', async () => {
    const env = fakeEnv();
    const tools = new FakeToolbox();
    const first = await builtinBrain.respond(env, tools, 'do you have a wheelchair ramp at the entrance', UNSURE);
    expect(first.text).toMatch(/is this about a question about the practice, or our address/);
    env.log = new TurnLog(() => env.now);
    const second = await builtinBrain.respond(env, tools, 'a question about the practice');
    expect(second.text).not.toMatch(/is this about/);
    expect(env.state.builtin.clarifying).toBeUndefined();
  });

  it('asks to clarify only once: still unsure, it says what it can do', async () => {
    const env = fakeEnv();
    const tools = new FakeToolbox();
    await builtinBrain.respond(env, tools, 'the thing about the place', UNSURE);
    env.log = new TurnLog(() => env.now);
    const again = await builtinBrain.respond(env, tools, 'the other thing', UNSURE);
    expect(again.text).not.toMatch(/is this about/);
  });
});