import type { LucideIcon } from 'lucide-react';
import { CodeXml, FlaskConical, LayoutDashboard, Users } from 'lucide-react';
import { Building2, CalendarClock, Clock } from 'lucide-react';
import { Inbox } from 'lucide-react';
import { BarChart3 } from 'lucide-react';
import { analyticsPaths } from '@web/features/analytics/paths';
import { PhoneCall } from 'lucide-react';
import { PhoneOutgoing } from 'lucide-react';
import { handoffPaths } from '@web/lib/handoff-paths';
import { callPaths } from '@web/lib/call-paths';
import { paths } from '@web/lib/paths';
import { organizationPaths } from '@web/lib/organization-paths';
import { ROLES, rolesWithAny, type Role } from '@domain/auth/permissions';

/**
 * Who may open each staff page. The router checks these (route `handle.roles`), the
 * sidebar shows only what the role may open, and the server checks again on every request.
 */
export const PAGE_ROLES = {
  overview: ROLES,
  calls: ROLES,
  handoffs: ['admin', 'supervisor', 'agent'],
  analytics: ['admin', 'supervisor', 'developer'],
  /** Agents: single calls; supervisors and admins: campaigns and the do-not-call list too (from the permission table). */
  outbound: rolesWithAny('outbound.single', 'outbound.campaigns.read'),
  outboundCampaigns: rolesWithAny('outbound.campaigns.read'),
  outboundNewCampaign: rolesWithAny('outbound.campaigns'),
  users: ['admin'],
  profile: ROLES,
  developer: ['admin', 'developer'],
  changePassword: ROLES,
  organizations: ROLES,
  hours: ROLES,
  schedules: ROLES,
  /** Agent tests (issue 32): the practice's supervisors and administrators, and developers. */
  agentTests: rolesWithAny('agent-tests.use'),
} satisfies Record<string, readonly Role[]>;

export interface NavItem {
  label: string;
  to: string;
  icon: LucideIcon;
  roles: readonly Role[];
  /** One line shown on the overview's "where to go" list. */
  description: string;
  /** Active only on this exact path, not on the paths below it (/organizations vs /organizations/hours). */
  end?: boolean;
}

/** The sidebar. Later pages join by adding a row here (and their route in router.tsx). */
export const NAV_ITEMS: readonly NavItem[] = [
  {
    label: 'Overview',
    to: paths.overview.path,
    icon: LayoutDashboard,
    roles: PAGE_ROLES.overview,
    description: 'Today at a glance for your organizations.',
  },
  {
    label: 'Calls',
    to: callPaths.calls.path,
    icon: PhoneCall,
    roles: PAGE_ROLES.calls,
    description: 'Every call, live and past: transcripts, recordings and what the agent decided.',
  },
  {
    label: 'Handoffs',
    to: handoffPaths.handoffs.path,
    icon: Inbox,
    roles: PAGE_ROLES.handoffs,
    description: 'The work queue: callbacks, transfers, messages and appointment requests to act on.',
  },
  {
    label: 'Analytics',
    to: analyticsPaths.analytics.path,
    icon: BarChart3,
    roles: PAGE_ROLES.analytics,
    description: 'Volumes, containment, handoff speed, the appointment funnel and busy hours, against the period before.',
  },
  {
    label: 'Outbound',
    to: paths.outbound.path,
    icon: PhoneOutgoing,
    roles: PAGE_ROLES.outbound,
    description: 'Single calls, campaigns from a CSV, and the do-not-call list.',
  },
  {
    label: 'Organizations',
    to: organizationPaths.organizations.path,
    end: true,
    icon: Building2,
    roles: PAGE_ROLES.organizations,
    description: 'Practices, their phone numbers and agent settings.',
  },
  {
    label: 'Business hours',
    to: organizationPaths.hours.path,
    icon: Clock,
    roles: PAGE_ROLES.hours,
    description: 'Weekly hours, holidays and special days, with a live open-now preview.',
  },
  {
    label: 'Schedules',
    to: organizationPaths.schedules.path,
    icon: CalendarClock,
    roles: PAGE_ROLES.schedules,
    description: 'Who is on duty (shifts, cover, the week ahead) and the clinicians’ calendars: visits, hours, visit types.',
  },
  {
    label: 'Agent tests',
    to: organizationPaths.agentTests.path,
    icon: FlaskConical,
    roles: PAGE_ROLES.agentTests,
    description: 'Simulated callers played through the agent, with what each call must leave behind: check a change before callers hear it.',
  },
  {
    label: 'Users',
    to: paths.users.path,
    icon: Users,
    roles: PAGE_ROLES.users,
    description: 'Invite staff, set roles and organizations, reset passwords.',
  },
  {
    label: 'Developer',
    to: paths.developer.path,
    icon: CodeXml,
    roles: PAGE_ROLES.developer,
    description: 'API keys, webhooks, the API reference and the error log.',
  },
];

export function navItemsFor(role: Role): NavItem[] {
  return NAV_ITEMS.filter((item) => item.roles.includes(role));
}

/** `handle` of a staff route: which roles may open it. */
export interface StaffRouteHandle {
  roles?: readonly Role[];
}
