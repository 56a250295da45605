import { NavLink, Outlet } from 'react-router';
import { BrandLink } from '@web/components/brand';
import { SkipLink } from '@web/components/skip-link';
import { paths } from '@web/lib/paths';
import { cn } from '@web/lib/utils';

// Patient pages are a separate entry (patient.html): links to them load the page (reloadDocument).
const headerLinks = [
  { to: paths.requestAppointment.path, label: 'Request an appointment', hideOnPhone: true, reloadDocument: true },
  { to: paths.portal.path, label: 'Patient portal', hideOnPhone: true, reloadDocument: true },
  { to: paths.login.path, label: 'Staff sign in', hideOnPhone: false, reloadDocument: false },
];

/** Public pages: the front page, staff auth pages, and the patient pages. */
export function PublicLayout() {
  return (
    <div className="flex min-h-dvh flex-col bg-background">
      <SkipLink />
      <header className="border-b border-border bg-card">
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
          <BrandLink />
          <nav aria-label="Main">
            <ul className="flex items-center gap-1 text-sm font-medium">
              {headerLinks.map((link) => (
                <li key={link.to} className={cn(link.hideOnPhone && 'hidden md:block')}>
                  <NavLink
                    to={link.to}
                    reloadDocument={link.reloadDocument}
                    className={({ isActive }) =>
                      cn(
                        'rounded-md px-3 py-2 text-foreground hover:bg-muted',
                        isActive && 'bg-primary-soft text-primary-soft-foreground',
                      )
                    }
                  >
                    {link.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
        </div>
      </header>

      <main id="main" tabIndex={-1} className="flex-1">
        <Outlet />
      </main>

      <footer className="border-t border-border bg-card">
        <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-8 text-sm sm:px-6 md:flex-row md:items-start md:justify-between">
          <div className="max-w-md space-y-2">
            <p className="font-semibold text-foreground">Switchboard</p>
            <p className="text-muted-foreground">
              Phone and web front desk for healthcare practices.{' '}
              <strong className="font-semibold text-foreground">In an emergency, call your local emergency number</strong> — do not
              use this website or wait for a call back.
            </p>
          </div>
          <nav aria-label="Footer">
            <ul className="flex flex-col gap-2 sm:flex-row sm:gap-6">
              <li>
                <NavLink to={paths.requestAppointment.path} reloadDocument className="text-primary underline-offset-4 hover:underline">
                  Request an appointment
                </NavLink>
              </li>
              <li>
                <NavLink to={paths.portal.path} reloadDocument className="text-primary underline-offset-4 hover:underline">
                  Patient portal
                </NavLink>
              </li>
              <li>
                <NavLink to={paths.login.path} className="text-primary underline-offset-4 hover:underline">
                  Staff sign in
                </NavLink>
              </li>
            </ul>
          </nav>
        </div>
      </footer>
    </div>
  );
}

export { PublicLayout as Component };
