import { createColumnHelper } from '@tanstack/react-table';
import { Lock, ShieldCheck, ShieldOff } from 'lucide-react';
import type { User, UserStatus } from '@contracts/users';
import { ROLE_LABELS } from '@domain/auth/permissions';
import { EmailAddress } from '@web/components/email-address';
import { Badge } from '@web/components/ui/badge';
import { RelativeTime } from '@web/components/relative-time';
import { formatDateTime, formatTime } from '@web/lib/format-date';
import type { OrganizationOption } from '@web/lib/queries/list-organization-options';
import { USER_STATUS_LABELS, isLocked } from '../user-status';
import { UserActionsMenu, type UserAction } from './user-actions-menu';

const column = createColumnHelper<User>();

const STATUS_VARIANTS: Record<UserStatus, 'info' | 'success' | 'neutral'> = {
  invited: 'info',
  active: 'success',
  disabled: 'neutral',
};

export interface UserColumnsOptions {
  currentUserId: string;
  organizationsById: Map<string, OrganizationOption>;
  onAction: (action: UserAction, user: User) => void;
}

export function userColumns({ currentUserId, organizationsById, onAction }: UserColumnsOptions) {
  return [
    column.accessor('name', {
      id: 'name',
      header: 'User',
      cell: ({ row }) => {
        const user = row.original;
        return (
          <div className="flex min-w-44 max-w-72 items-start justify-between gap-2">
            <div className="min-w-0">
              <p className="font-medium text-foreground">
                {user.name}
                {user.id === currentUserId ? (
                  <Badge variant="outline" className="ml-2 align-middle">
                    You
                  </Badge>
                ) : null}
              </p>
              <p className="text-muted-foreground">
                <EmailAddress email={user.email} />
              </p>
            </div>
            {/* On phones the actions sit here, so they are reachable without scrolling sideways. */}
            <div className="-my-1 sm:hidden">
              <UserActionsMenu user={user} isSelf={user.id === currentUserId} onAction={onAction} />
            </div>
          </div>
        );
      },
    }),
    column.accessor('role', {
      header: 'Role',
      enableSorting: false,
      cell: ({ getValue }) => <span className="whitespace-nowrap">{ROLE_LABELS[getValue()] ?? getValue()}</span>,
    }),
    column.accessor('organizationIds', {
      id: 'organizations',
      header: 'Organizations',
      enableSorting: false,
      cell: ({ row }) => <OrganizationNames user={row.original} organizationsById={organizationsById} />,
    }),
    column.accessor('status', {
      header: 'Status',
      enableSorting: false,
      cell: ({ row }) => <UserStatusCell user={row.original} />,
    }),
    column.accessor('twoFactorEnabled', {
      id: 'twoFactor',
      header: 'Two-factor',
      enableSorting: false,
      cell: ({ getValue }) =>
        getValue() ? (
          <Badge variant="success">
            <ShieldCheck aria-hidden="true" />
            On
          </Badge>
        ) : (
          <Badge variant="neutral">
            <ShieldOff aria-hidden="true" />
            Off
          </Badge>
        ),
    }),
    column.accessor('lastSignInAt', {
      id: 'lastSignInAt',
      header: 'Last sign-in',
      sortDescFirst: true,
      cell: ({ getValue }) => {
        const value = getValue();
        if (!value) return <span className="whitespace-nowrap text-muted-foreground">Never</span>;
        return <RelativeTime value={value} />;
      },
    }),
    column.display({
      id: 'actions',
      header: () => <span className="sr-only">Actions</span>,
      cell: ({ row }) => (
        <div className="hidden justify-end sm:flex">
          <UserActionsMenu user={row.original} isSelf={row.original.id === currentUserId} onAction={onAction} />
        </div>
      ),
    }),
  ];
}

function OrganizationNames({ user, organizationsById }: { user: User; organizationsById: Map<string, OrganizationOption> }) {
  if (user.role === 'admin') return <span className="whitespace-nowrap text-muted-foreground">All organizations</span>;
  if (user.organizationIds.length === 0) return <span className="text-muted-foreground">None</span>;
  const names = user.organizationIds.map((id) => organizationsById.get(id)?.name ?? 'Unknown organization');
  const shown = names.slice(0, 2);
  const more = names.length - shown.length;
  return (
    <span className="block min-w-32 max-w-52" title={more > 0 ? names.join(', ') : undefined}>
      {shown.join(', ')}
      {more > 0 ? (
        <>
          {' '}
          <span className="text-muted-foreground">and {more} more</span>
          <span className="sr-only">: {names.slice(2).join(', ')}</span>
        </>
      ) : null}
    </span>
  );
}

function UserStatusCell({ user }: { user: User }) {
  const locked = isLocked(user);
  return (
    <div className="flex flex-col items-start gap-1">
      <Badge variant={STATUS_VARIANTS[user.status]}>{USER_STATUS_LABELS[user.status]}</Badge>
      {locked && user.lockedUntil ? (
        <span
          className="inline-flex max-w-36 items-start gap-1 text-xs font-medium text-warning-soft-foreground"
          title={`Locked after repeated failed sign-ins, until ${formatDateTime(user.lockedUntil)}`}
        >
          <Lock aria-hidden="true" className="mt-0.5 size-3 shrink-0" />
          <span>Locked until {sameDay(user.lockedUntil) ? formatTime(user.lockedUntil) : formatDateTime(user.lockedUntil)}</span>
        </span>
      ) : null}
      {user.mustChangePassword && user.status === 'active' ? (
        <span className="whitespace-nowrap text-xs text-muted-foreground">Temporary password</span>
      ) : null}
    </div>
  );
}

function sameDay(iso: string): boolean {
  return new Date(iso).toDateString() === new Date().toDateString();
}
