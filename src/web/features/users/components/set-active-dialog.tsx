import type { User } from '@contracts/users';
import { FormErrorAlert } from '@web/components/form-error-alert';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@web/components/ui/alert-dialog';
import { Button } from '@web/components/ui/button';
import { useToast } from '@web/components/ui/toast';
import { isApiError } from '@web/lib/api';
import { useReturnFocus } from '@web/lib/use-return-focus';
import { useSetUserActive } from '../api/set-user-active';

export interface SetActiveDialogProps {
  /** The user to deactivate or reactivate; null when closed. */
  target: { user: User; active: boolean } | null;
  isSelf: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Confirms deactivating (ends every session) or reactivating a user; shows 409s in place. */
export function SetActiveDialog({ target, isSelf, onOpenChange }: SetActiveDialogProps) {
  const returnFocus = useReturnFocus(target !== null);
  const { toast } = useToast();
  const mutation = useSetUserActive();

  const close = (open: boolean) => {
    if (!open) mutation.reset();
    onOpenChange(open);
  };

  const confirm = () => {
    if (!target) return;
    mutation.mutate(
      { id: target.user.id, active: target.active },
      {
        onSuccess: (user) => {
          toast({
            title: target.active ? 'User reactivated' : 'User deactivated',
            description: target.active
              ? user.status === 'invited'
                ? `${user.name} can accept their invitation again.`
                : `${user.name} can sign in again.`
              : `${user.name} was signed out everywhere and can no longer sign in.`,
          });
          close(false);
        },
      },
    );
  };

  const user = target?.user;
  const error = mutation.error;
  const lastAdmin = isApiError(error) && error.code === 'last_admin';

  return (
    <AlertDialog open={target !== null} onOpenChange={close}>
      <AlertDialogContent onCloseAutoFocus={returnFocus}>
        {target && user ? (
          <>
            <AlertDialogHeader>
              <AlertDialogTitle>
                {target.active ? `Reactivate ${user.name}?` : `Deactivate ${user.name}?`}
              </AlertDialogTitle>
              <AlertDialogDescription asChild>
                <div className="space-y-2">
                  {target.active ? (
                    <p>
                      {user.name} ({user.email}) will be able to sign in again with the same role and organizations
                      {user.mustChangePassword ? ', and will have to choose a new password first' : ''}.
                    </p>
                  ) : (
                    <>
                      <p>
                        {user.name} ({user.email}) is signed out of every device right away and cannot sign in until an
                        administrator reactivates the account.
                      </p>
                      <p>Their calls, notes and audit history stay as they are.</p>
                      {isSelf ? <p className="font-medium text-destructive">This is your own account: you will be signed out.</p> : null}
                    </>
                  )}
                </div>
              </AlertDialogDescription>
            </AlertDialogHeader>
            {error ? (
              <FormErrorAlert error={error} title={lastAdmin ? 'Switchboard needs at least one active administrator' : undefined} />
            ) : null}
            <AlertDialogFooter>
              <AlertDialogCancel>Cancel</AlertDialogCancel>
              <Button variant={target.active ? 'default' : 'destructive'} loading={mutation.isPending} onClick={confirm}>
                {target.active ? 'Reactivate' : 'Deactivate'}
              </Button>
            </AlertDialogFooter>
          </>
        ) : null}
      </AlertDialogContent>
    </AlertDialog>
  );
}
