import { NavLink } from 'react-router';
import type { Role } from '@domain/auth/permissions';
import { cn } from '@web/lib/utils';
import { navItemsFor } from '../nav';

/** The staff navigation list (sidebar on wide screens, menu sheet on phones). */
export function StaffNav({ role, onNavigate }: { role: Role; onNavigate?: () => void }) {
  return (
    <nav aria-label="Main" className="flex-1 overflow-y-auto px-3 py-4">
      <ul className="space-y-1">
        {navItemsFor(role).map((item) => (
          <li key={item.to}>
            <NavLink
              to={item.to}
              end={item.end}
              onClick={onNavigate}
              className={({ isActive }) =>
                cn(
                  'flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium text-foreground transition-colors hover:bg-muted',
                  isActive && 'bg-accent text-accent-foreground hover:bg-accent',
                )
              }
            >
              {({ isActive }) => (
                <>
                  <item.icon aria-hidden="true" className={cn('size-4 shrink-0', isActive ? 'text-primary' : 'text-muted-foreground')} />
                  {item.label}
                </>
              )}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
