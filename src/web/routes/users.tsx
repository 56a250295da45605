import * as React from 'react';
import { UserPlus, Users } from 'lucide-react';
import { DocumentTitle } from '@web/components/document-title';
import { Button } from '@web/components/ui/button';
import { ListDataTable } from '@web/components/list-data-table';
import { PageHeader } from '@web/components/ui/page-header';
import { useToast } from '@web/components/ui/toast';
import { useSignedInSession } from '@web/lib/use-signed-in-session';
import { useOrganizationOptions } from '@web/lib/queries/list-organization-options';
import { useUsers } from '@web/features/users/api/list-users';
import { useUnlockUser } from '@web/features/users/api/unlock-user';
import { EditUserDialog } from '@web/features/users/components/edit-user-dialog';
import { InviteUserDialog } from '@web/features/users/components/invite-user-dialog';
import { ResetPasswordDialog } from '@web/features/users/components/reset-password-dialog';
import { SecuritySettingsCard } from '@web/features/users/components/security-settings-card';
import { SetActiveDialog } from '@web/features/users/components/set-active-dialog';
import type { UserAction } from '@web/features/users/components/user-actions-menu';
import { UserFilters } from '@web/features/users/components/user-filters';
import { userColumns } from '@web/features/users/components/users-table-columns';
import type { User } from '@contracts/users';
import { useUserListParams } from '@web/features/users/use-user-list-params';
import { errorMessage } from '@web/lib/api';

type OpenDialog =
  | { kind: 'invite' }
  | { kind: 'edit'; user: User }
  | { kind: 'reset-password'; user: User }
  | { kind: 'set-active'; user: User; active: boolean }
  | null;

/** /users — staff accounts (administrators only). */
export function UsersRoute() {
  const { user: currentUser } = useSignedInSession();
  const list = useUserListParams();
  const users = useUsers(list.params);
  const organizations = useOrganizationOptions();
  const { mutate: unlockUser } = useUnlockUser();
  const { toast } = useToast();
  const [dialog, setDialog] = React.useState<OpenDialog>(null);

  const organizationsById = React.useMemo(
    () => new Map((organizations.data ?? []).map((organization) => [organization.id, organization])),
    [organizations.data],
  );

  const onAction = React.useCallback(
    (action: UserAction, user: User) => {
      switch (action) {
        case 'edit':
          setDialog({ kind: 'edit', user });
          break;
        case 'reset-password':
          setDialog({ kind: 'reset-password', user });
          break;
        case 'deactivate':
        case 'reactivate':
          setDialog({ kind: 'set-active', user, active: action === 'reactivate' });
          break;
        case 'unlock':
          unlockUser(user.id, {
            onSuccess: () => toast({ title: 'Sign-in unlocked', description: `${user.name} can try to sign in again now.` }),
            onError: (error) => toast({ variant: 'error', title: 'Could not unlock', description: errorMessage(error) }),
          });
          break;
      }
    },
    // Stable (mutate and toast are), so the table's cells are not rebuilt on every render.
    [unlockUser, toast],
  );

  const columns = React.useMemo(
    () => userColumns({ currentUserId: currentUser.id, organizationsById, onAction }),
    [currentUser.id, organizationsById, onAction],
  );

  const closeDialog = (open: boolean) => {
    if (!open) setDialog(null);
  };

  return (
    <>
      <DocumentTitle title="Users" />
      <PageHeader
        title="Users"
        description="Invite staff, set each person's role and organizations, deactivate or reactivate accounts, reset passwords and see when each person last signed in."
        actions={
          <Button onClick={() => setDialog({ kind: 'invite' })}>
            <UserPlus aria-hidden="true" />
            Invite user
          </Button>
        }
      />

      <div className="space-y-6">
        <div className="space-y-4">
          <UserFilters
            filters={list.filters}
            organizations={organizations.data}
            hasFilters={list.hasFilters}
            onChange={list.setFilter}
            onClear={list.clearFilters}
          />
          <ListDataTable
            label="Staff users"
            columns={columns}
            query={users}
            list={list}
            total={users.data?.total}
            getRowId={(user) => user.id}
            pagination={list.pagination}
            onPaginationChange={list.setPagination}
            empty={{
              icon: Users,
              headingLevel: 'h2',
              noMatch: { title: 'No users match', description: 'Try another name or email, or clear the filters.' },
              none: {
                title: 'No users yet',
                description: 'Invite the people who answer and manage calls.',
                action: (
                  <Button onClick={() => setDialog({ kind: 'invite' })}>
                    <UserPlus aria-hidden="true" />
                    Invite user
                  </Button>
                ),
              },
            }}
          />
        </div>

        <SecuritySettingsCard currentUser={currentUser} />
      </div>

      <InviteUserDialog open={dialog?.kind === 'invite'} onOpenChange={closeDialog} />
      <EditUserDialog user={dialog?.kind === 'edit' ? dialog.user : null} isSelf={dialog?.kind === 'edit' && dialog.user.id === currentUser.id} onOpenChange={closeDialog} />
      <ResetPasswordDialog user={dialog?.kind === 'reset-password' ? dialog.user : null} onOpenChange={closeDialog} />
      <SetActiveDialog
        target={dialog?.kind === 'set-active' ? { user: dialog.user, active: dialog.active } : null}
        isSelf={dialog?.kind === 'set-active' && dialog.user.id === currentUser.id}
        onOpenChange={closeDialog}
      />
    </>
  );
}

export { UsersRoute as Component };
