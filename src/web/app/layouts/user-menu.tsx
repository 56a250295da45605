import { ChevronsUpDown, KeyRound, LogOut, UserRound } from 'lucide-react';
import { Link } from 'react-router';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@web/components/ui/dropdown-menu';
import { useToast } from '@web/components/ui/toast';
import { useLogout } from '@web/features/session/api/logout';
import type { SessionUser } from '@contracts/session';
import { ROLE_LABELS } from '@domain/auth/permissions';
import { errorMessage } from '@web/lib/api';
import { paths } from '@web/lib/paths';
import { cn, initials } from '@web/lib/utils';

function Avatar({ user }: { user: SessionUser }) {
  return (
    <span
      aria-hidden="true"
      className="flex size-8 shrink-0 items-center justify-center rounded-full bg-primary text-xs font-semibold text-primary-foreground"
    >
      {initials(user.name || user.email)}
    </span>
  );
}

/**
 * The signed-in user's menu: who they are, Profile, Change password, Sign out.
 * `compact` shows only the avatar (phone top bar).
 */
export function UserMenu({ user, compact = false, minimal = false }: { user: SessionUser; compact?: boolean; minimal?: boolean }) {
  const logout = useLogout();
  const { toast } = useToast();

  const signOut = () =>
    logout.mutate(undefined, {
      onError: (error) => toast({ variant: 'error', title: 'Sign-out failed', description: errorMessage(error) }),
    });

  return (
    // Non-modal: the rest of the page stays in the accessibility tree while the menu is open
    // (Escape, Tab and clicking outside still close it).
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger
        className={cn(
          'flex items-center gap-3 rounded-md text-left hover:bg-muted',
          compact ? 'p-1' : 'w-full px-2 py-2',
        )}
        aria-label={`Account menu for ${user.name || user.email}`}
      >
        <Avatar user={user} />
        {compact ? null : (
          <>
            <span className="min-w-0 flex-1">
              <span className="block truncate text-sm font-medium text-foreground">{user.name || user.email}</span>
              <span className="block truncate text-xs text-muted-foreground">{ROLE_LABELS[user.role] ?? user.role}</span>
            </span>
            <ChevronsUpDown aria-hidden="true" className="size-4 text-muted-foreground" />
          </>
        )}
      </DropdownMenuTrigger>
      <DropdownMenuContent portal={false} align={compact ? 'end' : 'start'} side={compact ? 'bottom' : 'top'} className="w-64">
        <DropdownMenuLabel>
          <span className="block truncate font-medium">{user.name || user.email}</span>
          <span className="block truncate text-xs font-normal text-muted-foreground">{user.email}</span>
          <span className="mt-1 block text-xs font-normal text-muted-foreground">{ROLE_LABELS[user.role] ?? user.role}</span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        {minimal ? null : (
          <DropdownMenuItem asChild>
            <Link to={paths.profile.path}>
              <UserRound aria-hidden="true" />
              Profile
            </Link>
          </DropdownMenuItem>
        )}
        {minimal ? null : (
          <DropdownMenuItem asChild>
            <Link to={paths.changePassword.path}>
              <KeyRound aria-hidden="true" />
              Change password
            </Link>
          </DropdownMenuItem>
        )}
        {minimal ? null : <DropdownMenuSeparator />}
        <DropdownMenuItem onSelect={signOut} disabled={logout.isPending}>
          <LogOut aria-hidden="true" />
          {logout.isPending ? 'Signing out…' : 'Sign out'}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
