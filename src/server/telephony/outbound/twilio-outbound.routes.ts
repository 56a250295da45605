import formbody from '@fastify/formbody';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import VoiceResponse from 'twilio/lib/twiml/VoiceResponse.js';
import type { AppContext } from '../../app-context.js';
import type { ZodApp } from '../../http/route-types.js';
import { isUuid } from '../../features/organizations/index.js';
import { applyAttemptStatus } from '../../features/outbound/index.js';
import { providerFormBody } from '../twilio/form-body.js';
import { verifyTwilioSignature } from '../twilio/twilio-signature.js';
import { GatherBody, StatusBody } from '../twilio/twilio.schemas.js';
import { answerOutboundCall, outboundCallerTurn } from './outbound-conversation.js';
import { twilioStatusOf } from './outbound-dialer.js';
import { TWILIO_OUTBOUND_PATHS } from './twilio-outbound-paths.js';
import { errorEnvelope } from '../../http/errors.js';

const tags = ['telephony'];
const AttemptQuery = z.object({ attempt: z.string().max(100) }).loose();
const OutboundVoiceBody = z.object({ CallSid: z.string().trim().min(1).max(64), AnsweredBy: z.string().max(40).optional() }).loose();
const OutboundStatusBody = StatusBody.extend({ AnsweredBy: z.string().max(40).optional() });

function xml(reply: FastifyReply, body: string) {
  return reply.type('text/xml; charset=utf-8').send(body);
}

function twiml(ctx: AppContext, attemptId: string, say: string, hangUp: boolean, turn: number): string {
  const response = new VoiceResponse();
  if (hangUp) {
    if (say) response.say(say);
    response.hangup();
    return response.toString();
  }
  const gather = response.gather({ input: ['speech'], speechTimeout: 'auto', action: `${ctx.baseUrl}${TWILIO_OUTBOUND_PATHS.gather}?attempt=${attemptId}&t=${turn}`, method: 'POST', actionOnEmptyResult: true });
  gather.say(say);
  return response.toString();
}

const notFound = (reply: FastifyReply) => reply.status(404).send(errorEnvelope('not_found', 'No outbound call for that attempt.'));

/**
 * Twilio's webhooks for calls the outbound queue placed (issue 16 §2), each signed like the
 * inbound ones: the TwiML when the callee answers (a machine gets the voicemail message, after
 * the beep with DetectMessageEnd), the callee's turns, and status callbacks — which move the job
 * and the call through PRODUCT §5 (illegal moves 409, repeats 200 with nothing changed).
 */
export async function twilioOutboundRoutes(app: ZodApp, ctx: AppContext): Promise<void> {
  await app.register(async (scope: ZodApp) => {
    await scope.register(formbody, providerFormBody);
    const common = { config: { access: 'public' as const }, helmet: false as const, preValidation: verifyTwilioSignature(ctx), bodyLimit: 256 * 1024 };

    scope.post(TWILIO_OUTBOUND_PATHS.voice, {
      ...common,
      schema: { tags, summary: 'Twilio outbound voice webhook: the callee answered (answers TwiML; voicemail on a machine)', querystring: AttemptQuery, body: OutboundVoiceBody },
      handler: async (request, reply) => {
        const attemptId = request.query.attempt;
        if (!isUuid(attemptId)) return notFound(reply);
        const out = await answerOutboundCall(ctx, attemptId, request.body.AnsweredBy ?? null, request.body.CallSid);
        if (!out) return notFound(reply);
        return xml(reply, twiml(ctx, attemptId, out.say, out.hangUp, 1));
      },
    });

    scope.post(TWILIO_OUTBOUND_PATHS.gather, {
      ...common,
      schema: { tags, summary: "Twilio outbound Gather action: the callee's answer (answers TwiML)", querystring: AttemptQuery.extend({ t: z.coerce.number().int().min(0).max(100_000).optional().catch(undefined) }), body: GatherBody },
      handler: async (request, reply) => {
        const attemptId = request.query.attempt;
        if (!isUuid(attemptId)) return notFound(reply);
        const turn = request.query.t ?? 0;
        const out = await outboundCallerTurn(ctx, attemptId, request.body.SpeechResult ?? '', `gather:${turn}`);
        if (!out) return notFound(reply);
        return xml(reply, twiml(ctx, attemptId, out.say, out.hangUp, turn + 1));
      },
    });

    scope.post(TWILIO_OUTBOUND_PATHS.status, {
      ...common,
      schema: { tags, summary: 'Twilio outbound status callback: ringing, answered, completed, no-answer, busy, failed (with AnsweredBy)', querystring: AttemptQuery, body: OutboundStatusBody },
      handler: async (request, reply) => {
        const attemptId = request.query.attempt;
        if (!isUuid(attemptId)) return notFound(reply);
        const b = request.body;
        const status = twilioStatusOf(b.CallStatus);
        if (!status) return reply.status(400).send(errorEnvelope('validation_failed', 'Unknown CallStatus.', { fields: { CallStatus: 'Not a call status Twilio sends.' } }));
        const out = await applyAttemptStatus(ctx, { attemptId, status, answeredBy: b.AnsweredBy ?? null, durationSeconds: b.CallDuration, providerCallId: b.CallSid });
        if (out.kind !== 'ok') return notFound(reply);
        return xml(reply, new VoiceResponse().toString());
      },
    });
  });
}
