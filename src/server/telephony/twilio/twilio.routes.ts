import formbody from '@fastify/formbody';
import type { FastifyReply } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { say } from '../../agent/messages/index.js';
import type { ZodApp } from '../../http/route-types.js';
import { applyStatus, storeRecording } from '../call-lifecycle.js';
import { continueCall, startCall } from '../call-pipeline.js';
import type { PipelineOptions, TurnOutcome } from '../call-turn-support.js';
import { awaitRelaySocket } from '../../features/calls/index.js';
import { providerFormBody } from './form-body.js';
import { verifyTwilioSignature } from './twilio-signature.js';
import { callStatusOf, dialStatusOf } from './twilio-status.js';
import { DialResultBody, GatherBody, RecordingBody, StatusBody, TurnQuery, VoiceBody } from './twilio.schemas.js';
import { EMPTY_TWIML, renderTwiml, sayAndHangUp, TWILIO_PATHS } from './twiml.js';
import { errorEnvelope } from '../../http/errors.js';

const UNKNOWN_NUMBER = say('en', 'call.unknownNumber');
const LOST_CALL = say('en', 'call.lost');
const tags = ['telephony'];

function xml(reply: FastifyReply, body: string) {
  return reply.type('text/xml; charset=utf-8').send(body);
}

/**
 * A turn's TwiML. A fresh <Connect><ConversationRelay> first makes the call await its relay
 * socket (features/calls/relay-sockets.repository.ts): the provider opens it once it has this answer.
 */
async function answerTurn(ctx: AppContext, reply: FastifyReply, out: Extract<TurnOutcome, { kind: 'ok' }>) {
  if (!out.replayed && out.response.includes('<ConversationRelay')) await awaitRelaySocket(ctx.pool, out.callId);
  return xml(reply, out.response);
}

/**
 * The Twilio-compatible voice adapter (PRODUCT §4). Public routes, each signature-checked; form
 * bodies (what Twilio posts) are parsed inside this plugin only, so JSON routes stay JSON-only.
 * Signed webhooks are not rate-limited per IP: Twilio posts from a shared pool of addresses.
 */
export async function twilioRoutes(app: ZodApp, ctx: AppContext): Promise<void> {
  await app.register(async (scope: ZodApp) => {
    await scope.register(formbody, providerFormBody);
    const options: PipelineOptions = { render: (r, at) => renderTwiml(r, at, ctx.baseUrl) };
    // Browser security headers mean nothing to a telephony provider reading TwiML; skipping
    // them saves helmet's per-request work on the busiest routes.
    const common = { config: { access: 'public' as const }, helmet: false as const, preValidation: verifyTwilioSignature(ctx), bodyLimit: 256 * 1024 };

    scope.post(TWILIO_PATHS.voice, {
      ...common,
      schema: { tags, summary: 'Twilio voice webhook: a new call (answers TwiML)', body: VoiceBody },
      handler: async (request, reply) => {
        const b = request.body;
        const direction = b.Direction?.startsWith('outbound') ? 'outbound' : 'inbound';
        const out = await startCall(ctx, { provider: 'twilio', providerCallId: b.CallSid, from: b.From, to: b.To, direction }, options);
        if (out.kind !== 'ok') {
          request.log.warn({ to: b.To, callSid: b.CallSid }, 'call to a number no organization answers');
          return xml(reply, sayAndHangUp(UNKNOWN_NUMBER));
        }
        return answerTurn(ctx, reply, out);
      },
    });

    scope.post(TWILIO_PATHS.gather, {
      ...common,
      schema: { tags, summary: "Twilio Gather action: the caller's answer to a turn (answers TwiML)", body: GatherBody, querystring: TurnQuery },
      handler: async (request, reply) => {
        const b = request.body;
        const t = request.query.t;
        const text = b.SpeechResult?.trim() || b.Digits?.trim() || '';
        const out = await continueCall(
          ctx,
          {
            ref: { provider: 'twilio', providerCallId: b.CallSid },
            dedupeKey: `gather:${t ?? 'none'}`,
            expectTurn: t,
            input: text ? { kind: 'speech', text, ...(b.Confidence !== undefined ? { confidence: b.Confidence } : {}), ...(b.Digits ? { digits: b.Digits } : {}) } : { kind: 'silence' },
          },
          options,
        );
        if (out.kind !== 'ok') {
          request.log.warn({ callSid: b.CallSid }, 'gather for an unknown call');
          return xml(reply, sayAndHangUp(LOST_CALL));
        }
        return answerTurn(ctx, reply, out);
      },
    });

    scope.post(TWILIO_PATHS.dialResult, {
      ...common,
      schema: { tags, summary: 'Twilio Dial action: how a transfer ended (answers TwiML)', body: DialResultBody, querystring: TurnQuery },
      handler: async (request, reply) => {
        const b = request.body;
        const t = request.query.t;
        const out = await continueCall(
          ctx,
          { ref: { provider: 'twilio', providerCallId: b.CallSid }, dedupeKey: `dial:${t ?? 'none'}`, expectTurn: t, input: { kind: 'dial_result', status: dialStatusOf(b.DialCallStatus) } },
          options,
        );
        if (out.kind !== 'ok') {
          request.log.warn({ callSid: b.CallSid }, 'dial result for an unknown call');
          return xml(reply, sayAndHangUp(LOST_CALL));
        }
        return answerTurn(ctx, reply, out);
      },
    });

    scope.post(TWILIO_PATHS.status, {
      ...common,
      schema: { tags, summary: 'Twilio status callback: call status and duration', body: StatusBody },
      handler: async (request, reply) => {
        const b = request.body;
        const status = callStatusOf(b.CallStatus);
        if (!status) return xml(reply, EMPTY_TWIML);
        const out = await applyStatus(ctx, { ref: { provider: 'twilio', providerCallId: b.CallSid }, status, durationSeconds: b.CallDuration, dedupeKey: `status:${b.CallStatus}` });
        if (out.kind !== 'ok') return reply.status(404).send(errorEnvelope('not_found', 'No call with that CallSid.'));
        return xml(reply, EMPTY_TWIML);
      },
    });

    scope.post(TWILIO_PATHS.recording, {
      ...common,
      schema: { tags, summary: 'Twilio recording status callback: the recording of a call', body: RecordingBody },
      handler: async (request, reply) => {
        const b = request.body;
        const out = await storeRecording(ctx, {
          ref: { provider: 'twilio', providerCallId: b.CallSid },
          url: b.RecordingUrl,
          durationSeconds: b.RecordingDuration ?? null,
          dedupeKey: `recording:${b.RecordingSid}`,
        });
        if (out.kind !== 'ok') return reply.status(404).send(errorEnvelope('not_found', 'No call with that CallSid.'));
        return xml(reply, EMPTY_TWIML);
      },
    });
  });
}
