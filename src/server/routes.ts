import type { FeatureRoutes } from './http/route-types.js';
import { devToolsRoutes } from './features/dev-tools/dev-tools.routes.js';
import { healthRoutes } from './features/health/health.routes.js';
import { hoursRoutes } from './features/hours/hours.routes.js';
import { organizationsRoutes } from './features/organizations/organizations.routes.js';
import { passwordRoutes } from './features/password/password.routes.js';
import { profileRoutes } from './features/profile/profile.routes.js';
import { schedulesRoutes } from './features/schedules/schedules.routes.js';
import { securityRoutes } from './features/security/security.routes.js';
import { sessionRoutes } from './features/session/session.routes.js';
import { usersRoutes } from './features/users/users.routes.js';

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
  devToolsRoutes,
];
