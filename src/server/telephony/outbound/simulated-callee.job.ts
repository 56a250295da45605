import type { Task } from 'graphile-worker';
import type { AppContext } from '../../app-context.js';
import { sayDate } from '../../agent/nlu/dates.js';
import { applyAttemptStatus, findAttempt, findJob, type JobRow, SIMULATE_CALLEE_TASK } from '../../features/outbound/index.js';
import { answerOutboundCall, outboundCallerTurn } from './outbound-conversation.js';

export { SIMULATE_CALLEE_TASK };

/**
 * The built-in simulator's callee (no Twilio account configured): a person, a voicemail box or
 * nobody, by persona, so the demo and the browser tests run whole campaigns on a fresh machine.
 * The persona is the contact's `persona` column when the CSV has one, else it follows the last
 * digit of the number (0–2 say yes, 3 declines, 4 asks for another time, 5 no answer, 6 busy,
 * 7 voicemail, 8 asks to be called tomorrow, 9 asks never to be called again). A persona says its
 * lines in order and stops when the agent hangs up: a recall's yes is followed by preferred times,
 * a reminder's yes ends the call.
 */
export const PERSONAS = ['confirms', 'declines', 'changes', 'question', 'no_answer', 'busy', 'voicemail', 'later', 'never_again', 'wrong_person'] as const;
export type Persona = (typeof PERSONAS)[number];

const BY_DIGIT: Persona[] = ['confirms', 'confirms', 'confirms', 'declines', 'changes', 'no_answer', 'busy', 'voicemail', 'later', 'never_again'];

export function personaOf(job: Pick<JobRow, 'fields' | 'phone'>): Persona {
  const own = String(job.fields.persona ?? job.fields.Persona ?? '').trim().toLowerCase().replace(/[\s-]+/g, '_');
  if ((PERSONAS as readonly string[]).includes(own)) return own as Persona;
  return BY_DIGIT[Number(job.phone.at(-1)) || 0]!;
}

function repliesOf(persona: Persona, job: JobRow): string[] {
  const dob = job.dateOfBirth ? `It's ${sayDate(job.dateOfBirth)}.` : "I'd rather not say.";
  switch (persona) {
    case 'confirms':
      return ['Yes, speaking.', dob, 'Yes please, that would be great.', 'Tuesday or Thursday mornings are best for us.'];
    case 'declines':
      return ['Yes, this is me.', dob, "No thanks, we're all set for now, we had it done somewhere else."];
    case 'changes':
      return ['Yes, this is me.', dob, "That day doesn't work for us, can we do it another day next week, in the afternoon?"];
    case 'question':
      return ['Yes, speaking.', dob, 'How much is that going to cost?', 'Yes, okay.', 'Mornings are better.'];
    case 'later':
      return ["I'm driving, can you call me back tomorrow?"];
    case 'never_again':
      return ['Please stop calling this number.'];
    case 'wrong_person':
      return ['No, wrong number.'];
    default:
      return [];
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function simulateCallee(ctx: AppContext, attemptId: string): Promise<void> {
  const attempt = await findAttempt(ctx.db, attemptId);
  if (!attempt || attempt.result) return;
  const job = await findJob(ctx.db, attempt.jobId);
  if (!job) return;
  const pace = ctx.env.OUTBOUND_SIMULATOR_PACE_MS;
  const persona = personaOf(job);
  await sleep(pace);
  if (persona === 'no_answer' || persona === 'busy') {
    await applyAttemptStatus(ctx, { attemptId, status: persona === 'busy' ? 'busy' : 'no_answer' });
    return;
  }
  const first = await answerOutboundCall(ctx, attemptId, persona === 'voicemail' ? 'machine_end_beep' : 'human');
  let hangUp = first?.hangUp ?? true;
  for (const [i, said] of repliesOf(persona, job).entries()) {
    if (hangUp) break;
    await sleep(pace);
    const turn = await outboundCallerTurn(ctx, attemptId, said, `sim:${i}`);
    hangUp = turn?.hangUp ?? true;
  }
  if (!hangUp) {
    // The callee ran out of things to say: they hang up.
    await sleep(pace);
  }
  await applyAttemptStatus(ctx, { attemptId, status: 'completed' });
}

export function simulateCalleeTask(ctx: AppContext): Task {
  return async (payload) => {
    const attemptId = (payload as { attemptId?: unknown } | null)?.attemptId;
    if (typeof attemptId === 'string') await simulateCallee(ctx, attemptId);
  };
}
