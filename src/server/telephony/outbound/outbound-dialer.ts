import type { AppContext } from '../../app-context.js';
import { enqueueJob } from '../../jobs/jobs.repository.js';
import { findJob, linkedProviderCallIds, recordPlacement, recordPlacementRefused, type AttemptRow, type Placement, type StatusUpdate, SIMULATE_CALLEE_TASK } from '../../features/outbound/index.js';
import { twilioRestClient, type TwilioRest } from './twilio-rest.js';
import { TWILIO_OUTBOUND_PATHS } from './twilio-outbound-paths.js';

/**
 * Who places outbound calls (decision 019): Twilio's REST API when an account is configured, else
 * the built-in simulator. Either way a placement is recorded with the attempt id it was claimed
 * under, and a placement whose fate is unknown after a crash is reconciled, never placed again.
 */
export interface OutboundDialer {
  readonly name: 'twilio' | 'simulator';
  /** Places the claimed attempt and records it; throws when the outcome is unknown (left for reconciliation). */
  place(ctx: AppContext, p: Placement): Promise<void>;
  /** After a crash: did this claimed attempt reach the provider? If so its placement is recorded now. */
  reconcile(ctx: AppContext, attempt: AttemptRow, from: string): Promise<'placed' | 'not_placed'>;
  /** The provider's word on a call whose final status never came. */
  fetchStatus(ctx: AppContext, attempt: AttemptRow): Promise<StatusUpdate | null>;
}

/** The simulator's call id is the attempt's: recording and "placing" are one transaction, so nothing is ever in doubt. */
export const simulatorCallId = (attemptId: string) => `SIMOUT-${attemptId}`;

export const simulatorDialer: OutboundDialer = {
  name: 'simulator',
  async place(ctx, p) {
    await recordPlacement(ctx, p.attempt.id, simulatorCallId(p.attempt.id), (tx) =>
      enqueueJob(tx, SIMULATE_CALLEE_TASK, { attemptId: p.attempt.id, organizationId: p.job.organizationId }, { jobKey: `outbound-callee:${p.attempt.id}`, maxAttempts: 3 }),
      p,
    );
  },
  async reconcile() {
    return 'not_placed';
  },
  async fetchStatus(_ctx, attempt) {
    // The simulated callee died with its process: the call is lost.
    return { attemptId: attempt.id, status: 'failed' };
  },
};

const TWILIO_STATUS: Record<string, StatusUpdate['status']> = {
  queued: 'ringing',
  initiated: 'ringing',
  ringing: 'ringing',
  'in-progress': 'in_progress',
  completed: 'completed',
  busy: 'busy',
  'no-answer': 'no_answer',
  failed: 'failed',
  canceled: 'canceled',
};
export const twilioStatusOf = (s: string | undefined): StatusUpdate['status'] | undefined => (s ? TWILIO_STATUS[s] : undefined);

/** How long before a claim a call may have been created at Twilio and still be this attempt's (clock skew). */
const SKEW_MS = 5_000;

function twilioDialer(client: TwilioRest): OutboundDialer {
  return {
    name: 'twilio',
    async place(ctx, p) {
      const q = `?attempt=${p.attempt.id}`;
      let sid: string;
      try {
        const call = await client.calls.create({
          to: p.job.phone,
          from: p.from,
          url: `${ctx.baseUrl}${TWILIO_OUTBOUND_PATHS.voice}${q}`,
          method: 'POST',
          statusCallback: `${ctx.baseUrl}${TWILIO_OUTBOUND_PATHS.status}${q}`,
          statusCallbackMethod: 'POST',
          statusCallbackEvent: ['initiated', 'ringing', 'answered', 'completed'],
          machineDetection: 'DetectMessageEnd',
        });
        sid = call.sid;
      } catch (error) {
        const status = (error as { status?: number }).status;
        // Twilio said no (a 4xx other than rate limiting): nothing was placed.
        if (status && status >= 400 && status < 500 && status !== 429) {
          await recordPlacementRefused(ctx, p.attempt.id, (error as Error).message.slice(0, 200));
          return;
        }
        throw error;
      }
      await recordPlacement(ctx, p.attempt.id, sid, undefined, p);
    },
    async reconcile(ctx, attempt, from) {
      const job = await findJob(ctx.db, attempt.jobId);
      if (!job) return 'not_placed';
      const calls = await client.calls.list({ to: job.phone, from, limit: 50 });
      const since = attempt.claimedAt.getTime() - SKEW_MS;
      const candidates = calls.filter((c) => c.dateCreated && c.dateCreated.getTime() >= since);
      const taken = await linkedProviderCallIds(
        ctx.db,
        'twilio',
        candidates.map((c) => c.sid),
      );
      const mine = candidates.filter((c) => !taken.has(c.sid)).sort((a, b) => a.dateCreated.getTime() - b.dateCreated.getTime())[0];
      if (!mine) return 'not_placed';
      await recordPlacement(ctx, attempt.id, mine.sid);
      return 'placed';
    },
    async fetchStatus(_ctx, attempt) {
      if (!attempt.providerCallId) return null;
      const call = await client.calls(attempt.providerCallId).fetch();
      const status = twilioStatusOf(call.status);
      if (!status) return null;
      return { attemptId: attempt.id, status, answeredBy: call.answeredBy ?? null, durationSeconds: call.duration ? Number(call.duration) : undefined };
    },
  };
}

const dialers = new WeakMap<AppContext, OutboundDialer>();

export function outboundDialer(ctx: AppContext): OutboundDialer {
  let d = dialers.get(ctx);
  if (!d) {
    const client = twilioRestClient(ctx.env);
    d = client ? twilioDialer(client) : simulatorDialer;
    dialers.set(ctx, d);
  }
  return d;
}
