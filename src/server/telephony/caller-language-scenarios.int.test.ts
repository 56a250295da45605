import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readEmergencyCorpus, type CorpusLine } from '../agent/nlu/emergency-corpus.js';
import { sentencesOutsideCatalog } from '../agent/testing/catalog-sentences.js';
import { organizations } from '../db/schema/index.js';
import { createSubmittedRequest } from '../features/appointment-requests/request-submission.service.js';
import { createTestApp, type TestAppHandle } from '../test-support/index.js';
import { createPractice, recordsOf, type Practice } from './testing/call-fixtures.js';
import { FakeTwilioCall, TWILIO_TEST_TOKEN, type Twiml } from './testing/fake-twilio.js';

/**
 * Issue 15 §5: callers as they really speak, through the signed Twilio webhooks as Twilio sends
 * them, scored on what the call stores — the urgent handoff of every emergency in the corpus
 * (and none for its near misses), message and call-back handoffs with their words and topic,
 * requests for someone else, dates said as numbers, status look-ups, the call's language and
 * the Spanish voice. The figures per group are printed at the end.
 */
const CALLER = '+18605550123';
let t: TestAppHandle;
let us: Practice;
let gb: Practice;
let de: Practice;
let englishOnly: Practice;
const figures = new Map<string, { calls: number; passed: number; note?: string }>();

function tally(group: string, ok: boolean, note?: string) {
  const f = figures.get(group) ?? { calls: 0, passed: 0 };
  f.calls++;
  if (ok) f.passed++;
  if (note) f.note = note;
  figures.set(group, f);
}

beforeAll(async () => {
  t = await createTestApp({ TWILIO_AUTH_TOKEN: TWILIO_TEST_TOKEN });
  us = await createPractice(t.ctx);
  gb = await createPractice(t.ctx, { country: 'GB' });
  de = await createPractice(t.ctx);
  await t.db.update(organizations).set({ address: { line1: 'Hauptstraße 1', city: 'Berlin', postalCode: '10115', country: 'DE' } }).where(eq(organizations.id, de.id));
  englishOnly = await createPractice(t.ctx, { agentSettings: { languages: ['en'] } });
});
afterAll(async () => {
  const rows = [...figures.entries()].map(([g, f]) => `${g.padEnd(34)} ${String(f.passed).padStart(4)}/${String(f.calls).padEnd(4)} ${((f.passed / f.calls) * 100).toFixed(1).padStart(5)} %${f.note ? `  ${f.note}` : ''}`);
  const total = [...figures.values()].reduce((a, f) => ({ calls: a.calls + f.calls, passed: a.passed + f.passed }), { calls: 0, passed: 0 });
  console.log(`Caller scenarios (issue 15):\n${rows.join('\n')}\n${'all'.padEnd(34)} ${total.passed}/${total.calls}`);
  await t?.close();
});

async function call(practice: Practice, lines: string[], from = CALLER): Promise<{ call: FakeTwilioCall; replies: Twiml[] }> {
  const c = new FakeTwilioCall(t.app, from, practice.number);
  const replies: Twiml[] = [await c.answer()];
  for (const said of lines) {
    if (c.last?.hangup || !c.last?.gatherAction) break;
    replies.push(await c.say(said));
  }
  return { call: c, replies };
}

// ---------------------------------------------------------------------------------------------
// The emergency corpus, one call per utterance: said as the first thing after the greeting.
// ---------------------------------------------------------------------------------------------
const corpus = readEmergencyCorpus();

async function inBatches<T>(items: T[], size: number, run: (item: T) => Promise<void>) {
  for (let i = 0; i < items.length; i += size) await Promise.all(items.slice(i, i + size).map(run));
}

describe('emergencies from the corpus, through the webhooks', () => {
  it('every emergency gets the emergency message and an urgent handoff; near misses do not', { timeout: 600_000 }, async () => {
    const missed: string[] = [];
    const falseAlarms: string[] = [];
    let spanishAnswered = 0;
    let spanishCalls = 0;
    await inBatches(corpus, 8, async (line: CorpusLine) => {
      const { call: c } = await call(us, [line.text]);
      const records = await recordsOf(t.db, c.callSid);
      const urgent = records.handoffs.filter((h) => h.type === 'urgent' && h.priority === 'urgent');
      if (line.emergency) {
        const ok = urgent.length === 1 && records.call?.outcome === 'emergency' && c.last!.hangup && /911/.test(c.last!.text);
        if (!ok) missed.push(`${line.category}: ${line.text} → ${c.last?.text}`);
        tally(`emergency ${line.language} (urgent handoff)`, ok);
        if (line.language === 'es') {
          spanishCalls++;
          const inSpanish = (urgent[0]?.details as { language?: string } | undefined)?.language === 'es' && /llame al 911/.test(c.last!.text) && /language="es-US"/.test(c.last!.xml);
          if (inSpanish) spanishAnswered++;
        }
        if (line.category === 'mental_health' && line.language === 'en') expect(c.last!.text, line.text).toMatch(/988/);
        if (line.language === 'en') expect(c.last!.xml, `an English emergency answered in Spanish: ${line.text}`).not.toMatch(/language="es-US"/);
      } else {
        const ok = urgent.length === 0;
        if (!ok) falseAlarms.push(`${line.category}: ${line.text}`);
        tally(`near miss ${line.language} (no alarm)`, ok);
      }
    });
    figures.set('emergency es answered in Spanish', { calls: spanishCalls, passed: spanishAnswered });
    expect(missed, 'missed emergencies').toEqual([]);
    expect(falseAlarms.length / corpus.filter((c) => !c.emergency).length, falseAlarms.join('\n')).toBeLessThanOrEqual(0.03);
    expect(spanishAnswered / spanishCalls, 'Spanish emergencies answered in Spanish').toBeGreaterThanOrEqual(0.8);
  });

  it.each([
    ['the United States', () => us, /call 911/],
    ['the United Kingdom', () => gb, /call 999/],
    ['Germany', () => de, /call 112/],
  ])('the emergency number is the one of %s', async (_country, practice, number) => {
    const { call: c } = await call(practice(), ['my husband is having chest pains']);
    const ok = number.test(c.last!.text);
    tally('emergency number by country', ok);
    expect(c.last!.text).toMatch(number);
  });

  it('an emergency said in Spanish in the middle of a booking is answered in Spanish', async () => {
    const { call: c } = await call(us, ['I need an appointment', 'Jane Smith', 'mi esposo no puede respirar se esta poniendo azul']);
    const records = await recordsOf(t.db, c.callSid);
    const ok = records.handoffs.some((h) => h.type === 'urgent') && /llame al 911/.test(c.last!.text);
    tally('emergency mid-call', ok);
    expect(ok, c.last!.text).toBe(true);
  });
});

// ---------------------------------------------------------------------------------------------
// Scripted calls: the flows people use, scored on the stored records.
// ---------------------------------------------------------------------------------------------
interface Flow {
  name: string;
  group: string;
  practice?: () => Practice;
  setup?: 'jane_smith_request';
  lines: string[];
  check: (r: Awaited<ReturnType<typeof recordsOf>>, c: FakeTwilioCall, replies: Twiml[], vars: Record<string, string>) => void;
}

const message = (r: Awaited<ReturnType<typeof recordsOf>>) => r.handoffs.find((h) => h.type === 'message');
const callback = (r: Awaited<ReturnType<typeof recordsOf>>) => r.handoffs.find((h) => h.type === 'callback');
const details = (h: { details: unknown } | undefined) => (h?.details ?? {}) as Record<string, unknown>;

const FLOWS: Flow[] = [
  {
    name: 'a refill said with the asking is the message, word for word',
    group: 'messages and call-backs (en)',
    lines: ['I need to tell the doctor I need a refill on my lisinopril', 'Bob Jones', 'yes', 'no'],
    check: (r) => {
      expect(details(message(r))).toMatchObject({ message: 'I need to tell the doctor I need a refill on my lisinopril', topic: 'refill', language: 'en' });
      expect(message(r)!.contactName).toBe('Bob Jones');
      expect(r.handoffs.filter((h) => h.type !== 'message')).toEqual([]);
    },
  },
  {
    name: 'a message with its date of birth and another reply number',
    group: 'messages and call-backs (en)',
    lines: ['leave a message please', 'my results from last week, my birthday is 3/5/1990', 'Ann Lee', 'no', '860 555 0188', 'no'],
    check: (r) => {
      expect(details(message(r))).toMatchObject({ topic: 'results', dateOfBirth: '1990-03-05' });
      expect(message(r)!.contactPhone).toBe('+18605550188');
    },
  },
  {
    name: 'call me back about my lab results is a call-back, not a transfer',
    group: 'messages and call-backs (en)',
    lines: ['can someone call me back about my lab results', 'yes', 'no'],
    check: (r, c, replies) => {
      expect(callback(r)?.reason).toMatch(/lab results/);
      expect(details(callback(r))).toMatchObject({ topic: 'results', about: 'can someone call me back about my lab results' });
      expect(replies.some((x) => x.dialTarget)).toBe(false);
    },
  },
  {
    name: 'have the nurse call me about my blood test',
    group: 'messages and call-backs (en)',
    lines: ['could you have the nurse call me about my blood test', 'yes', 'no'],
    check: (r, c, replies) => {
      expect(details(callback(r)).topic).toBe('results');
      expect(replies.some((x) => x.dialTarget)).toBe(false);
    },
  },
  {
    name: 'a billing question as a call-back',
    group: 'messages and call-backs (en)',
    lines: ['please have somebody call me back about a charge on my bill', 'yes', 'no'],
    check: (r) => expect(details(callback(r)).topic).toBe('billing'),
  },
  {
    name: 'running late is a message for the front desk, never a booking',
    group: 'running late, cancel, reschedule',
    lines: ["hi I'm running about ten minutes late for my appointment", 'Ann Lee', 'yes', 'no'],
    check: (r) => {
      expect(r.requests).toEqual([]);
      expect(details(message(r))).toMatchObject({ topic: 'running_late', message: "hi I'm running about ten minutes late for my appointment" });
      expect(message(r)!.contactName).toBe('Ann Lee');
    },
  },
  {
    name: 'stuck in traffic',
    group: 'running late, cancel, reschedule',
    lines: ["I'm stuck in traffic and I'm gonna be late", 'Tom Hill', 'yes', 'no'],
    check: (r) => {
      expect(r.requests).toEqual([]);
      expect(details(message(r)).topic).toBe('running_late');
    },
  },
  {
    name: 'a cancellation is a message in the caller\'s words',
    group: 'running late, cancel, reschedule',
    lines: ['I need to cancel my appointment on Friday', 'Grace Obi', 'yes', 'no'],
    check: (r) => {
      expect(r.requests).toEqual([]);
      expect(details(message(r))).toMatchObject({ topic: 'cancel', message: 'I need to cancel my appointment on Friday' });
    },
  },
  {
    name: 'reschedule is a front-desk call-back',
    group: 'running late, cancel, reschedule',
    lines: ['can I move my appointment to next week', 'yes', 'no'],
    check: (r) => {
      expect(r.requests).toEqual([]);
      expect(details(callback(r)).topic).toBe('reschedule');
    },
  },
  {
    name: "can't make it tomorrow",
    group: 'running late, cancel, reschedule',
    lines: ["I won't be able to make it tomorrow", 'Grace Obi', 'yes', 'no'],
    check: (r) => {
      expect(r.requests).toEqual([]);
      expect(details(message(r)).topic).toBe('cancel');
    },
  },
  {
    name: "it's for my mother: the patient is the mother, the caller the contact",
    group: 'someone else, dates as numbers',
    lines: ["it's for my mother, she needs a checkup", 'Rosa Diaz', 'oh three oh five nineteen fifty', 'annual physical', 'yes she has', 'mornings', 'Maria Diaz', 'yes', 'yes', 'no'],
    check: (r) => {
      expect(r.requests[0]).toMatchObject({ firstName: 'Rosa', lastName: 'Diaz', dateOfBirth: '1950-03-05', reason: 'Annual physical', phone: CALLER, locale: 'en' });
      expect(r.requests[0]!.notes).toContain("Maria Diaz (the patient's son or daughter)");
    },
  },
  {
    name: 'my little girl needs a checkup; the date said digit by digit',
    group: 'someone else, dates as numbers',
    lines: ['my little girl needs a checkup', 'Lily Chen', 'zero four one two two zero one nine', 'yes', 'any time', 'Wei Chen', 'yes', 'yes', 'no'],
    check: (r) => {
      expect(r.requests[0]).toMatchObject({ firstName: 'Lily', lastName: 'Chen', dateOfBirth: '2019-04-12' });
      expect(r.requests[0]!.notes).toContain("Wei Chen (the patient's parent)");
    },
  },
  {
    name: 'a date of birth as bare numbers',
    group: 'someone else, dates as numbers',
    lines: ['I would like to book an appointment', 'Sam Green', '03 05 1990', 'follow-up', 'yes', 'mornings', 'yes', 'yes', 'no'],
    check: (r) => expect(r.requests[0]).toMatchObject({ firstName: 'Sam', lastName: 'Green', dateOfBirth: '1990-03-05', reason: 'Follow-up' }),
  },
  {
    name: 'a correction of the day, then the surname spelled again',
    group: 'someone else, dates as numbers',
    lines: ['book an appointment please', 'Jane Smith', 'March third nineteen eighty', 'no, the fourth, not the third', 'follow-up', 'yes', 'mornings', 'yes', "no, it's Smyth, S M Y T H", 'yes', 'no'],
    check: (r) => expect(r.requests[0]).toMatchObject({ firstName: 'Jane', lastName: 'Smyth', dateOfBirth: '1980-03-04' }),
  },
  {
    name: 'status by name and date of birth',
    group: 'status look-ups',
    setup: 'jane_smith_request',
    lines: ['I filled out the form on your website, did you get my request', "I don't have the code", 'Jane Smith', 'three three nineteen eighty', 'no'],
    check: (r, c) => {
      expect(c.heard.join(' ')).toMatch(/We have your request/);
      expect(r.handoffs).toEqual([]);
    },
  },
  {
    name: 'status by name with the wrong date of birth reveals nothing',
    group: 'status look-ups',
    setup: 'jane_smith_request',
    lines: ['what is the status of my request', 'it is under Jane Smith', 'January first nineteen ninety', 'no', 'no', 'no'],
    check: (r, c) => expect(c.heard.join(' ')).not.toMatch(/We have your request|reviewing|scheduled for/),
  },
  {
    name: 'status by a code read with letters misheard as words',
    group: 'status look-ups',
    setup: 'jane_smith_request',
    lines: ['I want to check on my request', '{spoken}', 'March 3rd 1980', 'no'],
    check: (r, c) => expect(c.heard.join(' ')).toMatch(/We have your request/),
  },
  {
    // A gloss would make Julio "July" and Dolores "pains": names are read in the caller's own words.
    name: 'a Spanish caller whose names are everyday Spanish words',
    group: 'Spanish calls',
    lines: [
      'buenas, necesito una cita para mi papá',
      'sí claro, julio dolores',
      'tres de mayo de mil novecientos cincuenta',
      'un chequeo general',
      'sí',
      'por las mañanas',
      'me llamo Luz Dolores',
      'sí',
      'sí',
      'no gracias',
    ],
    check: (r) => {
      expect(r.requests[0]).toMatchObject({ firstName: 'Julio', lastName: 'Dolores', dateOfBirth: '1950-05-03', locale: 'es' });
      expect(r.requests[0]!.notes).toMatch(/Luz Dolores/);
    },
  },
  {
    name: 'a Spanish caller books for her son, in Spanish throughout',
    group: 'Spanish calls',
    lines: [
      'hola quisiera hacer una cita para mi hijo',
      'se llama Mateo García',
      'tres de mayo de dos mil quince',
      'tiene tos y fiebre',
      'sí',
      'por las mañanas',
      'me llamo Rosa García',
      'sí',
      'sí',
      'no gracias',
    ],
    check: (r, c, replies) => {
      expect(r.requests[0]).toMatchObject({ firstName: 'Mateo', lastName: 'Garcia', dateOfBirth: '2015-05-03', reason: 'Sick visit', reasonOther: 'tiene tos y fiebre', locale: 'es' });
      expect(r.requests[0]!.notes).toMatch(/Rosa Garcia.*Spanish/);
      for (const reply of replies.slice(1)) {
        expect(reply.xml).toContain('language="es-US"');
        expect(reply.xml).toContain('voice="Polly.Lupe"');
      }
      expect(c.last!.text).toMatch(/Gracias por llamar/);
    },
  },
  {
    name: 'español, then the hours',
    group: 'Spanish calls',
    lines: ['español', 'a qué hora cierran', 'no'],
    check: (r, c, replies) => {
      expect(replies[1]!.text).toMatch(/En qué puedo ayudarle/);
      expect(replies[2]!.text).toMatch(/Ahora estamos abiertos/);
      expect(replies[2]!.xml).toContain('<Gather input="speech" speechTimeout="auto"');
      expect(replies[2]!.xml).toContain('language="es-US"');
    },
  },
  {
    name: 'a Spanish message is kept in the caller’s words',
    group: 'Spanish calls',
    lines: ['necesito dejar un mensaje para el doctor', 'necesito una receta para mi presión', 'Rosa Díaz', 'sí', 'no'],
    check: (r) => {
      expect(details(message(r))).toMatchObject({ message: 'necesito una receta para mi presión', topic: 'refill', language: 'es' });
      expect(message(r)!.reason).toMatch(/Spanish/);
    },
  },
  {
    name: 'a Spanish call-back about results',
    group: 'Spanish calls',
    lines: ['buenas tardes me pueden llamar sobre mis resultados por favor', 'sí', 'no'],
    check: (r, c, replies) => {
      expect(details(callback(r))).toMatchObject({ topic: 'results', language: 'es' });
      expect(callback(r)!.reason).toMatch(/resultados/);
      expect(replies.some((x) => x.dialTarget)).toBe(false);
    },
  },
  {
    name: 'Spanish: running late',
    group: 'Spanish calls',
    lines: ['voy a llegar tarde a mi cita de hoy', 'Rosa Díaz', 'sí', 'no'],
    check: (r) => {
      expect(r.requests).toEqual([]);
      expect(details(message(r))).toMatchObject({ topic: 'running_late', language: 'es' });
    },
  },
  {
    name: 'Spanish: cancel an appointment',
    group: 'Spanish calls',
    lines: ['necesito cancelar mi cita del viernes', 'Lucía Pérez', 'sí', 'no'],
    check: (r, c, replies) => {
      expect(r.requests).toEqual([]);
      expect(details(message(r))).toMatchObject({ topic: 'cancel', language: 'es' });
      expect(replies[1]!.text).toMatch(/recepción/);
    },
  },
  {
    name: 'Spanish: a transfer to the person on duty',
    group: 'Spanish calls',
    lines: ['quiero hablar con una persona por favor'],
    check: (r, c) => {
      expect(c.last!.dialTarget).toEqual({ number: us.onDuty!.phone });
      expect(c.last!.text).toMatch(/Espere un momento/);
    },
  },
  {
    name: 'Spanish: status by name',
    group: 'Spanish calls',
    setup: 'jane_smith_request',
    lines: ['quiero saber el estado de mi solicitud', 'no tengo el código', 'Jane Smith', 'tres de marzo de mil novecientos ochenta', 'no'],
    check: (r, c) => {
      expect(c.heard.join(' ')).toMatch(/Tenemos su solicitud/);
      expect(c.last!.text).toMatch(/Gracias por llamar/);
    },
  },
  {
    name: 'an English caller with a Spanish name stays in English',
    group: 'language detection',
    lines: ['my name is José García and I need an appointment', 'García', 'March 3rd 1980'],
    check: (r, c, replies) => {
      for (const reply of replies) expect(reply.xml).toContain('language="en-US"');
    },
  },
  {
    name: 'a practice that offers only English stays in English',
    group: 'language detection',
    practice: () => englishOnly,
    lines: ['hola necesito una cita para mi hija por favor'],
    check: (r, c) => expect(c.last!.xml).toContain('language="en-US"'),
  },
  {
    name: 'back to English when asked',
    group: 'language detection',
    lines: ['español', 'English please', 'what time do you close'],
    check: (r, c) => {
      expect(c.last!.xml).toContain('language="en-US"');
      expect(c.last!.text).toMatch(/open right now/);
    },
  },
];

const NATO_WORDS: Record<string, string> = { A: 'alpha', C: 'see', D: 'delta', E: 'echo', F: 'foxtrot', G: 'golf', H: 'hotel', J: 'juliet', K: 'kilo', M: 'mike', N: 'november', P: 'papa', Q: 'queue', R: 'romeo', T: 'tango', U: 'uniform', V: 'victor', W: 'whiskey', X: 'x-ray', Y: 'why' };

describe.each(FLOWS.map((f) => [f.name, f] as const))('%s', (_name, flow) => {
  it('stores what the caller said', async () => {
    const practice = flow.practice?.() ?? us;
    const vars: Record<string, string> = {};
    if (flow.setup === 'jane_smith_request') {
      const { request } = await t.db.transaction((tx) =>
        createSubmittedRequest(t.ctx, tx, { organizationId: practice.id, source: 'web', firstName: 'Jane', lastName: 'Smith', dateOfBirth: '1980-03-03', phone: '+18605550999', reason: 'Follow-up', consentToContact: true }),
      );
      vars.spoken = request.referenceCode
        .replace('-', '')
        .split('')
        .map((ch) => NATO_WORDS[ch] ?? ch)
        .join(' ');
    }
    const lines = flow.lines.map((l) => l.replace(/\{(\w+)\}/g, (_m, k: string) => vars[k] ?? ''));
    const { call: c, replies } = await call(practice, lines);
    const records = await recordsOf(t.db, c.callSid);
    const transcript = replies.map((r, i) => `${i ? `caller: ${lines[i - 1]}\n` : ''}agent: ${r.text}`).join('\n');
    try {
      flow.check(records, c, replies, vars);
      // Everything said with the Spanish voice is the Spanish catalog's: no sentence of a reply is outside it.
      for (const reply of replies) if (reply.xml.includes('language="es-US"')) expect(sentencesOutsideCatalog(reply.text, 'es'), reply.text).toEqual([]);
      tally(flow.group, true);
    } catch (e) {
      tally(flow.group, false);
      throw new Error(`${(e as Error).message}\n${transcript}`);
    }
  });
});

it('has at least 200 scripted calls', () => expect(corpus.length + FLOWS.length + 4).toBeGreaterThanOrEqual(200));
