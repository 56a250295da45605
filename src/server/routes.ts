import type { FeatureRoutes } from './http/route-types.js';
import { callsRoutes } from './features/calls/calls.routes.js';
import { devToolsRoutes } from './features/dev-tools/dev-tools.routes.js';
import { handoffsRoutes } from './features/handoffs/handoffs.routes.js';
import { healthRoutes } from './features/health/health.routes.js';
import { hoursRoutes } from './features/organizations/hours.routes.js';
import { organizationsRoutes } from './features/organizations/organizations.routes.js';
import { passwordRoutes } from './features/password/password.routes.js';
import { profileRoutes } from './features/profile/profile.routes.js';
import { schedulesRoutes } from './features/schedules/schedules.routes.js';
import { staffRequestsRoutes } from './features/appointment-requests/staff-requests.routes.js';
import { securityRoutes } from './features/security/security.routes.js';
import { sessionRoutes } from './features/session/session.routes.js';
import { usersRoutes } from './features/users/users.routes.js';
import { telephonyRoutes } from './telephony/telephony.routes.js';
import { publicRequestRoutes } from './features/appointment-requests/public-requests.routes.js';
import { portalRoutes } from './features/portal/portal.routes.js';
import { portalVisitsRoutes } from './features/portal/portal-visits.routes.js';
import { intakeRoutes } from './features/intake/intake.routes.js';
import { apiKeysRoutes } from './features/api-keys/api-keys.routes.js';
import { webhooksRoutes } from './features/webhooks/webhooks.routes.js';
import { systemRoutes } from './features/system/system.routes.js';
import { publicApiRoutes } from './features/api-keys/public-api.routes.js';
import { callsV1Routes } from './features/calls/calls-v1.routes.js';
import { handoffsV1Routes } from './features/handoffs/handoffs-v1.routes.js';
import { requestsV1Routes } from './features/appointment-requests/requests-v1.routes.js';
import { organizationsV1Routes } from './features/organizations/organizations-v1.routes.js';
import { hoursV1Routes } from './features/organizations/hours-v1.routes.js';
import { analyticsV1Routes } from './features/analytics/analytics-v1.routes.js';
import { outboundV1Routes } from './features/outbound/outbound-v1.routes.js';
import { doNotCallRoutes } from './features/do-not-call/do-not-call.routes.js';
import { analyticsRoutes } from './features/analytics/analytics.routes.js';
import { outboundImportRoutes } from './features/outbound-import/outbound-import.routes.js';
import { outboundRoutes } from './features/outbound/outbound.routes.js';
import { outboundSettingsRoutes } from './features/outbound/outbound-settings.routes.js';
import { patientsRoutes } from './features/patients/patients.routes.js';

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
  handoffsRoutes,
  staffRequestsRoutes,
  publicRequestRoutes,
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
  // The public REST API (/api/v1): API keys, rate limits and Idempotency-Key around these.
  publicApiRoutes([callsV1Routes, handoffsV1Routes, requestsV1Routes, organizationsV1Routes, hoursV1Routes, analyticsV1Routes, outboundV1Routes]),
];
