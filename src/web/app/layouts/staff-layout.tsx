import * as React from 'react';
import { CloudOff, Menu, ShieldAlert } from 'lucide-react';
import { Link, Navigate, Outlet, useLocation, useMatches } from 'react-router';
import { BrandLink } from '@web/components/brand';
import { DocumentTitle } from '@web/components/document-title';
import { FullPageMessage } from '@web/components/full-page-message';
import { SkipLink } from '@web/components/skip-link';
import { Button } from '@web/components/ui/button';
import { Dialog, DialogDescription, DialogTitle, DialogTrigger, SheetContent } from '@web/components/ui/dialog';
import { EmptyState } from '@web/components/ui/empty-state';
import { LoadingBlock } from '@web/components/ui/spinner';
import { useSession } from '@web/lib/queries/get-session';
import { peekSignOutReason } from '@web/lib/sign-out-reason';
import { useIdleSignOut } from '@web/features/session/use-idle-sign-out';
import type { Session } from '@contracts/session';
import { errorMessage } from '@web/lib/api';
import { currentPathForNext, paths } from '@web/lib/paths';
import type { StaffRouteHandle } from '../nav';
import { StaffNav } from './staff-nav';
import { UserMenu } from './user-menu';

/** Pages open to a user whose role requires two-factor before they have turned it on. */
const TWO_FACTOR_SETUP_PATHS: readonly string[] = [paths.profile.path, paths.changePassword.path];

/**
 * The signed-in staff area. Sends visitors without a session to /login (and back afterwards),
 * users with a temporary password to /change-password before anything else, and users whose
 * role requires two-factor (not yet on) to /profile to turn it on.
 */
export function StaffLayout() {
  const location = useLocation();
  const session = useSession();
  useIdleSignOut(session.data?.idleTimeoutSeconds);

  if (session.isPending) {
    return (
      <div className="flex min-h-dvh items-center justify-center">
        <DocumentTitle title="Loading" />
        <LoadingBlock label="Loading your workspace…" />
      </div>
    );
  }

  if (session.isError) {
    return (
      <FullPageMessage
        title="Your workspace could not be loaded"
        icon={CloudOff}
        tone="error"
        actions={
          <>
            <Button onClick={() => void session.refetch()} loading={session.isFetching}>
              Try again
            </Button>
            <Button variant="outline" asChild>
              <Link to={paths.home.path}>Go to the front page</Link>
            </Button>
          </>
        }
      >
        <DocumentTitle title="Could not load" />
        <p>{errorMessage(session.error)}</p>
        <p>Your work is not lost. When the connection is back, try again.</p>
      </FullPageMessage>
    );
  }

  if (!session.data) {
    const reason = peekSignOutReason();
    const next = reason === 'signed_out' ? null : currentPathForNext(location);
    return <Navigate to={paths.login.href({ next, reason: reason ?? undefined })} replace />;
  }

  if (session.data.user.mustChangePassword) {
    if (location.pathname !== paths.changePassword.path) {
      return <Navigate to={paths.changePassword.href(currentPathForNext(location))} replace />;
    }
    return <ForcedPasswordChangeShell session={session.data} />;
  }

  if (session.data.user.twoFactorRequired) {
    if (!TWO_FACTOR_SETUP_PATHS.includes(location.pathname)) {
      return <Navigate to={paths.profile.path} replace />;
    }
    return <TwoFactorSetupShell session={session.data} />;
  }

  return <StaffShell session={session.data} />;
}

function useRouteAllowed(session: Session): boolean {
  const matches = useMatches();
  return matches.every((match) => {
    const roles = (match.handle as StaffRouteHandle | undefined)?.roles;
    return !roles || roles.includes(session.user.role);
  });
}

function StaffShell({ session }: { session: Session }) {
  const [menuOpen, setMenuOpen] = React.useState(false);
  const allowed = useRouteAllowed(session);

  return (
    <div className="min-h-dvh bg-background md:grid md:grid-cols-[16rem_1fr]">
      <SkipLink />

      {/* Wide screens: fixed sidebar. */}
      <aside className="hidden border-r border-border bg-card md:sticky md:top-0 md:flex md:h-dvh md:flex-col" aria-label="Sidebar">
        <div className="flex h-16 items-center border-b border-border px-5">
          <BrandLink to={paths.overview.path} />
        </div>
        <StaffNav role={session.user.role} />
        <div className="border-t border-border p-3">
          <UserMenu user={session.user} />
        </div>
      </aside>

      <div className="flex min-w-0 flex-col">
        {/* Phones and small tablets: top bar with a menu button. */}
        <header className="sticky top-0 z-40 flex h-14 items-center justify-between gap-2 border-b border-border bg-card px-3 md:hidden">
          <Dialog open={menuOpen} onOpenChange={setMenuOpen}>
            <DialogTrigger asChild>
              <Button variant="ghost" size="icon" aria-label="Open navigation menu">
                <Menu aria-hidden="true" className="size-5" />
              </Button>
            </DialogTrigger>
            <SheetContent>
              <div className="flex h-14 items-center border-b border-border px-5">
                <DialogTitle className="text-base">Menu</DialogTitle>
                <DialogDescription className="sr-only">Pages of the staff area</DialogDescription>
              </div>
              <StaffNav role={session.user.role} onNavigate={() => setMenuOpen(false)} />
            </SheetContent>
          </Dialog>
          <BrandLink to={paths.overview.path} />
          <UserMenu user={session.user} compact />
        </header>

        <main id="main" tabIndex={-1} className="mx-auto w-full max-w-6xl flex-1 px-4 py-6 sm:px-6 lg:px-8 lg:py-8">
          {allowed ? <Outlet /> : <AccessDenied />}
        </main>
      </div>
    </div>
  );
}

function ForcedPasswordChangeShell({ session }: { session: Session }) {
  return (
    <div className="flex min-h-dvh flex-col bg-background">
      <SkipLink />
      <header className="border-b border-border bg-card">
        <div className="mx-auto flex h-16 max-w-5xl items-center justify-between px-4 sm:px-6">
          <BrandLink to={paths.changePassword.path} />
          <UserMenu user={session.user} compact minimal />
        </div>
      </header>
      <main id="main" tabIndex={-1} className="mx-auto w-full max-w-xl flex-1 px-4 py-8 sm:px-6">
        <Outlet />
      </main>
    </div>
  );
}

/** Until two-factor is on: no navigation, only the profile (and change password) and sign out. */
function TwoFactorSetupShell({ session }: { session: Session }) {
  return (
    <div className="flex min-h-dvh flex-col bg-background">
      <SkipLink />
      <header className="border-b border-border bg-card">
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between px-4 sm:px-6 lg:px-8">
          <BrandLink to={paths.profile.path} />
          <UserMenu user={session.user} compact minimal />
        </div>
      </header>
      <main id="main" tabIndex={-1} className="mx-auto w-full max-w-6xl flex-1 px-4 py-6 sm:px-6 lg:px-8 lg:py-8">
        <Outlet />
      </main>
    </div>
  );
}

function AccessDenied() {
  return (
    <>
      <DocumentTitle title="No access" />
      <EmptyState
        headingLevel="h1"
        icon={ShieldAlert}
        title="You don't have access to this page"
        description="Your role does not include it. If you need it for your work, ask an administrator to change your role."
        action={
          <Button asChild>
            <Link to={paths.overview.path}>Go to the overview</Link>
          </Button>
        }
      />
    </>
  );
}

export { StaffLayout as Component };
