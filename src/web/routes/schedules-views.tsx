import { CalendarDays, Users } from 'lucide-react';
import { NavLink } from 'react-router';
import { organizationPaths } from '@web/lib/organization-paths';
import { cn } from '@web/lib/utils';

/**
 * The two halves of /organizations/schedules: who is on duty (named rotas) and the clinicians'
 * calendars (visits, availability, visit types). A route-level piece: it links two features' pages.
 */
export function SchedulesViews({ organizationId }: { organizationId: string | null }) {
  const items = [
    { label: 'On duty', to: organizationPaths.schedules.href(organizationId), icon: Users, end: true },
    { label: 'Clinicians’ calendars', to: organizationPaths.calendars.href(organizationId), icon: CalendarDays, end: false },
  ];
  return (
    <nav aria-label="Schedules" className="mb-6">
      <ul className="inline-flex max-w-full gap-1 overflow-x-auto rounded-lg bg-muted p-1">
        {items.map((item) => (
          <li key={item.label}>
            <NavLink
              to={item.to}
              end={item.end}
              className={({ isActive }) =>
                cn(
                  'inline-flex items-center gap-1.5 whitespace-nowrap rounded-md px-3 py-1.5 text-sm font-medium text-muted-foreground hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
                  isActive && 'bg-card text-foreground shadow-sm',
                )
              }
            >
              <item.icon aria-hidden="true" className="size-4" />
              {item.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
