import type { CheckView, Expectation, ResultRecords, TranscriptLine } from '../../../contracts/agent-tests.js';

/**
 * Checks an agent test's expectations against what the call left behind (issue 32): its stored
 * records, in the terms staff see them. Pure: the runner reads the records, this judges them.
 */

export const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[’']/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
const article = (word: string) => (/^[aeiou]/i.test(word) ? `an ${word}` : `a ${word}`);
const contains = (haystack: string | null | undefined, needle: string) => fold(haystack ?? '').includes(fold(needle));

export interface CallEvidence {
  records: ResultRecords;
  transcript: TranscriptLine[];
}

const HANDOFF_WORDS: Record<string, string> = {
  live_transfer: 'live transfer',
  callback: 'call-back',
  appointment_request: 'appointment request',
  message: 'message',
  urgent: 'urgent',
};

function checkOne(e: Expectation, ev: CallEvidence): { passed: boolean; detail: string } {
  const { records } = ev;
  switch (e.kind) {
    case 'appointment_request': {
      if (records.requests.length === 0) return { passed: false, detail: 'No appointment request was left.' };
      const misses: string[] = [];
      const best = records.requests.find((r) => {
        const m: string[] = [];
        if (e.fields.firstName && fold(r.firstName ?? '') !== fold(e.fields.firstName)) m.push(`first name ${r.firstName ?? '(none)'}, expected ${e.fields.firstName}`);
        if (e.fields.lastName && fold(r.lastName ?? '') !== fold(e.fields.lastName)) m.push(`last name ${r.lastName ?? '(none)'}, expected ${e.fields.lastName}`);
        if (e.fields.dateOfBirth && r.dateOfBirth !== e.fields.dateOfBirth) m.push(`date of birth ${r.dateOfBirth ?? '(none)'}, expected ${e.fields.dateOfBirth}`);
        if (e.fields.reason && !contains(r.reason, e.fields.reason)) m.push(`reason "${r.reason ?? ''}" does not mention "${e.fields.reason}"`);
        if (e.fields.isNewPatient !== undefined && r.isNewPatient !== e.fields.isNewPatient) m.push(`${r.isNewPatient === null ? 'new or returning not recorded' : r.isNewPatient ? 'a new patient' : 'a returning patient'}, expected ${e.fields.isNewPatient ? 'a new patient' : 'a returning patient'}`);
        if (misses.length === 0) misses.push(...m);
        return m.length === 0;
      });
      if (best) return { passed: true, detail: `Appointment request ${best.referenceCode ?? ''} left.`.replace('  ', ' ') };
      return { passed: false, detail: `The appointment request differs: ${misses.join('; ')}.` };
    }
    case 'handoff': {
      const ofType = records.handoffs.filter((h) => h.type === e.type);
      if (ofType.length === 0) {
        const left = records.handoffs.map((h) => HANDOFF_WORDS[h.type] ?? h.type);
        return { passed: false, detail: `No ${HANDOFF_WORDS[e.type]} handoff was left${left.length ? ` (left: ${left.join(', ')})` : ''}.` };
      }
      if (e.mentions && !ofType.some((h) => contains(h.reason, e.mentions!))) return { passed: false, detail: `The ${HANDOFF_WORDS[e.type]} handoff does not mention "${e.mentions}" (it says "${ofType[0]!.reason}").` };
      return { passed: true, detail: `${article(HANDOFF_WORDS[e.type]!)} handoff was left.`.replace(/^a/, 'A') };
    }
    case 'urgent_handoff': {
      const urgent = records.handoffs.some((h) => h.type === 'urgent' || h.priority === 'urgent');
      return urgent ? { passed: true, detail: 'An urgent handoff was left.' } : { passed: false, detail: 'No urgent handoff was left: the emergency was not escalated.' };
    }
    case 'no_request': {
      const left = [...records.requests.map(() => 'an appointment request'), ...records.handoffs.map((h) => `${article(HANDOFF_WORDS[h.type] ?? h.type)} handoff`)];
      return left.length === 0 ? { passed: true, detail: 'Nothing was left for staff.' } : { passed: false, detail: `Expected nothing for staff, but the call left ${left.join(', ')}.` };
    }
    case 'agent_said': {
      const said = ev.transcript.some((l) => l.speaker === 'agent' && contains(l.text, e.text));
      return said ? { passed: true, detail: `The agent said "${e.text}".` } : { passed: false, detail: `The agent never said "${e.text}".` };
    }
    case 'transferred': {
      const was = records.transfers.length > 0;
      if (was === e.value) return { passed: true, detail: was ? `Transferred to ${records.transfers[0]!.target}.` : 'Not transferred.' };
      return { passed: false, detail: was ? `Expected no transfer, but the call was transferred to ${records.transfers[0]!.target}.` : 'Expected a transfer, but the call was not transferred.' };
    }
    case 'outcome': {
      const got = records.call?.outcome ?? null;
      return got === e.outcome ? { passed: true, detail: `Outcome ${got}.` } : { passed: false, detail: `The outcome was ${got ?? 'not set'}, expected ${e.outcome}.` };
    }
  }
}

export function checkExpectations(expectations: Expectation[], ev: CallEvidence): { passed: boolean; checks: CheckView[]; reasons: string[] } {
  const checks = expectations.map((expectation) => ({ expectation, ...checkOne(expectation, ev) }));
  return { passed: checks.every((c) => c.passed), checks, reasons: checks.filter((c) => !c.passed).map((c) => c.detail) };
}

/** A scenario counts in the emergency figures when it expects an urgent handoff; escalated when one was left. */
export function emergencyFigures(expectations: Expectation[], records: ResultRecords): { expected: boolean; escalated: boolean } {
  const expected = expectations.some((e) => e.kind === 'urgent_handoff');
  const escalated = records.handoffs.some((h) => h.type === 'urgent' || h.priority === 'urgent');
  return { expected, escalated: expected && escalated };
}
