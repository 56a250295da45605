import { createBrowserRouter, type RouteObject } from 'react-router';
import { paths } from '@web/lib/paths';
import { organizationPaths } from '@web/lib/organization-paths';
import { handoffPaths } from '@web/lib/handoff-paths';
import { callPaths } from '@web/lib/call-paths';
import { analyticsPaths } from '@web/features/analytics/paths';
import { PAGE_ROLES, type StaffRouteHandle } from './nav';
import { RootErrorBoundary } from './root-error-boundary';
import { RootShell, RouteFallback } from './root-shell';

/*
 * Every layout and page is a lazy module (its own chunk). A route module exports
 * `Component` and, where it prefetches data, `loader` (using the same query options as
 * its hooks).
 */

const publicRoutes: RouteObject[] = [
  { index: true, lazy: () => import('@web/routes/home') },
  { path: paths.login.path, lazy: () => import('@web/routes/login') },
  { path: paths.authError.path, lazy: () => import('@web/routes/auth-error') },
  { path: paths.resetPassword.path, lazy: () => import('@web/routes/reset-password') },
  { path: paths.acceptInvite.path, lazy: () => import('@web/routes/accept-invite') },
  { path: paths.sentryExample.path, lazy: () => import('@web/routes/sentry-example-page') },
  // Patient pages (request-appointment, portal, intake) join here.
  { path: '*', lazy: () => import('@web/routes/not-found') },
];

const staffRoutes: RouteObject[] = [
  { path: paths.overview.path, lazy: () => import('@web/routes/overview') },
  { path: callPaths.calls.path, handle: { roles: PAGE_ROLES.calls } satisfies StaffRouteHandle, lazy: () => import('@web/routes/calls') },
  { path: callPaths.call.path, handle: { roles: PAGE_ROLES.calls } satisfies StaffRouteHandle, lazy: () => import('@web/routes/call-detail') },
  { path: callPaths.chatContext.path, handle: { roles: PAGE_ROLES.calls } satisfies StaffRouteHandle, lazy: () => import('@web/routes/call-chat-context') },
  { path: handoffPaths.handoffs.path, handle: { roles: PAGE_ROLES.handoffs } satisfies StaffRouteHandle, lazy: () => import('@web/routes/handoffs') },
  { path: handoffPaths.handoff.path, handle: { roles: PAGE_ROLES.handoffs } satisfies StaffRouteHandle, lazy: () => import('@web/routes/handoff-detail') },
  { path: analyticsPaths.analytics.path, handle: { roles: PAGE_ROLES.analytics } satisfies StaffRouteHandle, lazy: () => import('@web/routes/analytics') },
  { path: paths.outbound.path, handle: { roles: PAGE_ROLES.outbound } satisfies StaffRouteHandle, lazy: () => import('@web/routes/outbound') },
  { path: paths.outboundNewCampaign.path, handle: { roles: PAGE_ROLES.outboundNewCampaign } satisfies StaffRouteHandle, lazy: () => import('@web/routes/outbound-new-campaign') },
  { path: paths.outboundCampaign.path, handle: { roles: PAGE_ROLES.outboundCampaigns } satisfies StaffRouteHandle, lazy: () => import('@web/routes/outbound-campaign') },
  {
    path: paths.users.path,
    handle: { roles: PAGE_ROLES.users } satisfies StaffRouteHandle,
    lazy: () => import('@web/routes/users'),
  },
  { path: paths.profile.path, lazy: () => import('@web/routes/profile') },
  {
    path: paths.developer.path,
    handle: { roles: PAGE_ROLES.developer } satisfies StaffRouteHandle,
    lazy: () => import('@web/routes/developer'),
  },
  { path: paths.changePassword.path, lazy: () => import('@web/routes/change-password') },
  { path: organizationPaths.organizations.path, lazy: () => import('@web/routes/organizations') },
  { path: organizationPaths.hours.path, lazy: () => import('@web/routes/organizations-hours') },
  { path: organizationPaths.schedules.path, lazy: () => import('@web/routes/organizations-schedules') },
  { path: organizationPaths.calendars.path, lazy: () => import('@web/routes/organizations-calendars') },
  { path: organizationPaths.agentTests.path, handle: { roles: PAGE_ROLES.agentTests } satisfies StaffRouteHandle, lazy: () => import('@web/routes/organizations-agent-tests') },
];

export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: RootShell,
    ErrorBoundary: RootErrorBoundary,
    HydrateFallback: RouteFallback,
    children: [
      { id: 'public', lazy: () => import('./layouts/public-layout'), children: publicRoutes },
      { id: 'staff', lazy: () => import('./layouts/staff-layout'), children: staffRoutes },
    ],
  },
];

export const router = createBrowserRouter(routes);
