import { OutboundPreview, OutboundPreviewBody } from '../../../contracts/outbound.js';
import { initialAgentState, organizationProfile } from '../../agent/agent-state.js';
import { emergencyMessage } from '../../agent/emergency-response.js';
import { previewOpening, voicemailMessage, type OutboundCallFacts } from '../../agent/outbound/outbound-dialogue.js';
import { firstNumberOf } from '../../features/calls/index.js';
import { loadVisibleOrganization } from '../../features/organizations/index.js';
import { ErrorResponse, type FeatureRoutes } from '../../http/route-types.js';
import { actorOf } from '../../policy/actor.js';

const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse };

/**
 * What an outbound call will say, for the forms on /outbound (issue 27 §1): the staff see the
 * exact sentences — built by the same dialogue the calls run — before anything is placed. The
 * instructions are not an input: they are never spoken.
 */
export const outboundPreviewRoutes: FeatureRoutes = (app, ctx) => {
  app.post('/api/outbound/preview', {
    config: { access: { capability: 'outbound.single' } },
    schema: { tags: ['outbound'], summary: 'What the agent will say on an outbound call with these settings (nothing is placed)', body: OutboundPreviewBody, response: { 200: OutboundPreview, ...errors } },
    handler: async (request) => {
      const body = request.body;
      const org = await loadVisibleOrganization(ctx.db, actorOf(request), body.organizationId);
      const profile = organizationProfile(org);
      const now = ctx.clock.now();
      const today = new Intl.DateTimeFormat('en-CA', { timeZone: org.timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
      const facts: OutboundCallFacts = {
        organizationName: org.name,
        practiceNumber: (await firstNumberOf(ctx.db, org.id)) ?? '',
        contactName: body.contactName ?? '',
        dateOfBirth: body.dateOfBirth ?? null,
        purpose: body.purpose,
        visitType: body.visitType ?? '',
        appointmentAtMs: body.appointmentAt ? Date.parse(body.appointmentAt) : null,
        messageForPatient: body.messageForPatient ?? '',
        answersHandoff: false,
        dayFirst: profile.country !== 'US' && profile.country !== 'CA',
        today,
        nowMs: now.getTime(),
        timeZone: org.timeZone,
        emergencyMessage: emergencyMessage({ org: profile, state: initialAgentState() }),
      };
      return { opening: previewOpening({ ...facts, dateOfBirth: facts.dateOfBirth ?? '1990-01-01' }), voicemail: voicemailMessage(facts, body.voicemailMessage ?? '') };
    },
  });
};
