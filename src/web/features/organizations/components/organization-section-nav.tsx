import { Building2, CalendarClock, Clock, FlaskConical } from 'lucide-react';
import { can } from '@domain/auth/permissions';
import { useSignedInSession } from '@web/lib/use-signed-in-session';
import { NavLink } from 'react-router';
import { cn } from '@web/lib/utils';
import { organizationPaths } from '@web/lib/organization-paths';

/** Moves between the organization pages, keeping the chosen organization (Schedules stays marked on its calendars). */
export function OrganizationSectionNav({ organizationId }: { organizationId?: string | null }) {
  const { user } = useSignedInSession();
  const items = [
    { label: 'Organizations', to: organizationPaths.organizations.href(), icon: Building2, end: true },
    { label: 'Hours', to: organizationPaths.hours.href(organizationId), icon: Clock },
    { label: 'Schedules', to: organizationPaths.schedules.href(organizationId), icon: CalendarClock },
    ...(can(user.role, 'agent-tests.use') ? [{ label: 'Agent tests', to: organizationPaths.agentTests.href(organizationId), icon: FlaskConical }] : []),
  ];
  return (
    <nav aria-label="Organization pages" className="mb-6 overflow-x-auto border-b border-border">
      <ul className="flex min-w-max gap-1">
        {items.map((item) => (
          <li key={item.label}>
            <NavLink
              to={item.to}
              end={item.end ?? false}
              className={({ isActive }) =>
                cn(
                  '-mb-px inline-flex items-center gap-2 border-b-2 border-transparent px-3 py-2.5 text-sm font-medium text-muted-foreground hover:text-foreground',
                  isActive && 'border-primary text-foreground',
                )
              }
            >
              <item.icon aria-hidden="true" className="size-4 max-sm:hidden" />
              {item.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
