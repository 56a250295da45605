import websocket from '@fastify/websocket';
import formbody from '@fastify/formbody';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
// The webhooks module of the `twilio` package only (as twilio-signature.ts).
import { validateRequest } from 'twilio/lib/webhooks/webhooks.js';
import type { AppContext } from '../../app-context.js';
import type { ZodApp } from '../../http/route-types.js';
import { readAgentState } from '../../agent/agent-state.js';
import { organizationProfile } from '../../agent/agent-state.js';
import { loadCall } from '../../features/calls/index.js';
import { FINAL_STATUSES, type PipelineOptions } from '../call-turn-support.js';
import { providerFormBody } from '../twilio/form-body.js';
import { verifyTwilioSignature } from '../twilio/twilio-signature.js';
import { signedByTelnyx, verifyTelnyxRequest } from '../telnyx/telnyx-signature.js';
import { EMPTY_TWIML, renderTwiml, relaySocketUrl, TWILIO_PATHS } from '../twilio/twiml.js';
import { HandoffData } from './relay-protocol.js';
import { RelaySession } from './relay-session.js';
import { errorEnvelope } from '../../http/errors.js';

const tags = ['telephony'];
const HANGUP = '<?xml version="1.0" encoding="UTF-8"?><Response><Hangup/></Response>';

const RelayEndBody = z.object({
  CallSid: z.string().min(1).max(64),
  CallStatus: z.string().max(40).optional(),
  SessionId: z.string().max(200).optional(),
  SessionStatus: z.string().max(40).optional(),
  HandoffData: z.string().max(10_000).optional(),
}).loose();

/**
 * The handshake of the provider's WebSocket is signed like a webhook: X-Twilio-Signature over
 * the wss:// URL as given in the TwiML (PUBLIC_URL with ws for http) and no parameters; or
 * Telnyx's Ed25519 signature over its timestamp and the (empty) body.
 */
function verifyRelayHandshake(ctx: AppContext) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (signedByTelnyx(request)) {
      if (!verifyTelnyxRequest(ctx.env.TELNYX_PUBLIC_KEY, request, reply, '', ctx.clock.now().getTime())) return reply;
      return;
    }
    const token = ctx.env.TWILIO_AUTH_TOKEN;
    const signature = request.headers['x-twilio-signature'];
    const path = request.url;
    const url = `${relaySocketUrl(ctx.baseUrl).slice(0, -TWILIO_PATHS.relaySocket.length)}${path}`;
    if (!token || typeof signature !== 'string' || !signature || !validateRequest(token, signature, url, {})) {
      request.log.warn({ url: path, signed: typeof signature === 'string', configured: Boolean(token) }, 'ConversationRelay handshake refused: bad or missing signature');
      return reply.status(token ? 403 : 503).send(errorEnvelope(token ? 'forbidden' : 'telephony_not_configured', 'The handshake signature (X-Twilio-Signature) is missing or does not match.'));
    }
  };
}

/**
 * ConversationRelay (issue 20, decision 026): the WebSocket the provider opens for a call in
 * relay mode, and the <Connect action> it posts when the session ends, which answers the TwiML
 * the last turn stored (<Say> and <Dial> for a transfer, <Say> and <Hangup> at the end).
 */
export async function relayRoutes(app: ZodApp, ctx: AppContext): Promise<void> {
  await app.register(async (scope: ZodApp) => {
    await scope.register(websocket, { options: { maxPayload: 64 * 1024 } });
    await scope.register(formbody, providerFormBody);
    const options: PipelineOptions = { render: (r, at) => renderTwiml(r, at, ctx.baseUrl) };

    scope.get(TWILIO_PATHS.relaySocket, { websocket: true, config: { access: 'public' as const }, helmet: false as const, preValidation: verifyRelayHandshake(ctx), schema: { hide: true } }, (socket, request) => {
      const session = new RelaySession(
        ctx,
        options,
        (m) => {
          if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(m));
        },
        (code, reason) => socket.close(code, reason),
        request.log,
      );
      socket.on('message', (data, isBinary) => {
        if (isBinary) {
          session.unreadable({ binary: true, bytes: (data as Buffer).length });
          return;
        }
        void session.receive(data.toString());
      });
      socket.on('close', () => void session.closedByPeer());
      socket.on('error', (err) => request.log.warn({ err }, 'ConversationRelay socket error'));
    });

    scope.post(TWILIO_PATHS.relayEnd, {
      config: { access: 'public' as const },
      helmet: false as const,
      preValidation: verifyTwilioSignature(ctx),
      bodyLimit: 256 * 1024,
      schema: { tags, summary: "ConversationRelay's <Connect action>: the session ended (answers TwiML: the transfer, the hang-up, or Gather to go on)", body: RelayEndBody },
      handler: async (request, reply) => {
        const b = request.body;
        const ref = { provider: 'twilio' as const, providerCallId: b.CallSid };
        let handoff: HandoffData | null = null;
        if (b.HandoffData) {
          try {
            const h = HandoffData.safeParse(JSON.parse(b.HandoffData));
            if (h.success) handoff = h.data;
          } catch {
            /* not ours */
          }
        }
        const snap = await loadCall(ctx.pool, ref, handoff?.key ?? null);
        reply.type('text/xml; charset=utf-8');
        if (!snap) return reply.send(EMPTY_TWIML);
        const stored = snap.replay?.response;
        if (handoff && typeof stored === 'string' && stored) return reply.send(stored);
        if (FINAL_STATUSES.has(snap.status) || handoff || b.CallStatus === 'completed') return reply.send(HANGUP);
        // The session ended without our `end` while the call goes on (the provider's relay failed):
        // the call continues on the Gather path from the agent's last question.
        const state = readAgentState(snap.agentState);
        if (state.ended) return reply.send(HANGUP);
        request.log.warn({ callId: snap.id, sessionStatus: b.SessionStatus }, 'ConversationRelay session ended while the call goes on: continuing with Gather');
        const org = organizationProfile(snap.organization);
        return reply.send(renderTwiml({ text: state.lastPrompt, next: { type: 'gather' }, ...(state.language === 'es' ? { language: 'es' as const } : {}) }, { turn: state.turn, org, callId: snap.id }, ctx.baseUrl, 'gather'));
      },
    });
  });
}
