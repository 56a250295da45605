import type { FeatureRoutes } from './http/route-types.js';
import { callsRoutes, callsV1Routes } from './features/calls/index.js';
import { devToolsRoutes } from './features/dev-tools/index.js';
import { handoffsRoutes, handoffsV1Routes } from './features/handoffs/index.js';
import { healthRoutes } from './features/health/index.js';
import { hoursRoutes, organizationsRoutes, organizationsV1Routes, hoursV1Routes } from './features/organizations/index.js';
import { passwordRoutes } from './features/password/index.js';
import { profileRoutes } from './features/profile/index.js';
import { schedulesRoutes } from './features/schedules/index.js';
import { calendarsRoutes, visitsRoutes } from './features/calendars/index.js';
import { staffRequestsRoutes, publicRequestRoutes, publicBookingRoutes, requestsV1Routes } from './features/appointment-requests/index.js';
import { securityRoutes } from './features/security/index.js';
import { sessionRoutes } from './features/session/index.js';
import { usersRoutes } from './features/users/index.js';
import { telephonyRoutes } from './telephony/telephony.routes.js';
import { portalRoutes, portalVisitsRoutes } from './features/portal/index.js';
import { intakeRoutes } from './features/intake/index.js';
import { apiKeysRoutes, publicApiRoutes } from './features/api-keys/index.js';
import { webhooksRoutes } from './features/webhooks/index.js';
import { systemRoutes } from './features/system/index.js';
import { analyticsV1Routes, analyticsRoutes } from './features/analytics/index.js';
import { outboundV1Routes, outboundRoutes, outboundSettingsRoutes } from './features/outbound/index.js';
import { doNotCallRoutes } from './features/do-not-call/index.js';
import { outboundImportRoutes } from './features/outbound-import/index.js';
import { patientsRoutes } from './features/patients/index.js';
import { fhirRoutes } from './features/fhir/index.js';
import { visitChangesRoutes } from './features/visit-changes/index.js';
import { agentTestsRoutes, agentTestsV1Routes } from './features/agent-tests/index.js';

/** Every feature's routes, in one list: the table of contents of the API. */
export const featureRoutes: FeatureRoutes[] = [
  healthRoutes,
  sessionRoutes,
  passwordRoutes,
  profileRoutes,
  usersRoutes,
  securityRoutes,
  organizationsRoutes,
  hoursRoutes,
  schedulesRoutes,
  calendarsRoutes,
  visitsRoutes,
  visitChangesRoutes,
  handoffsRoutes,
  staffRequestsRoutes,
  publicRequestRoutes,
  publicBookingRoutes,
  portalRoutes,
  portalVisitsRoutes,
  intakeRoutes,
  doNotCallRoutes,
  outboundImportRoutes,
  outboundRoutes,
  outboundSettingsRoutes,
  patientsRoutes,
  devToolsRoutes,
  callsRoutes,
  analyticsRoutes,
  telephonyRoutes,
  apiKeysRoutes,
  webhooksRoutes,
  systemRoutes,
  agentTestsRoutes,
  // The public REST API (/api/v1): API keys, rate limits and Idempotency-Key around these.
  publicApiRoutes([callsV1Routes, handoffsV1Routes, requestsV1Routes, organizationsV1Routes, hoursV1Routes, analyticsV1Routes, outboundV1Routes, fhirRoutes, agentTestsV1Routes]),
];
