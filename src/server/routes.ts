import type { FeatureRoutes } from './http/route-types.js';
import { callsRoutes } from './features/calls/calls.routes.js';
import { devToolsRoutes } from './features/dev-tools/dev-tools.routes.js';
import { handoffsRoutes } from './features/handoffs/handoffs.routes.js';
import { healthRoutes } from './features/health/health.routes.js';
import { hoursRoutes } from './features/hours/hours.routes.js';
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
import { intakeRoutes } from './features/intake/intake.routes.js';
import { doNotCallRoutes } from './features/do-not-call/do-not-call.routes.js';
import { outboundImportRoutes } from './features/outbound-import/outbound-import.routes.js';

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
  intakeRoutes,
  doNotCallRoutes,
  outboundImportRoutes,
  devToolsRoutes,
  callsRoutes,
  telephonyRoutes,
];
