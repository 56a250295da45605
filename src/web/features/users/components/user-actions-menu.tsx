import { KeyRound, LockOpen, MoreHorizontal, Pencil, UserCheck, UserX } from 'lucide-react';
import { Button } from '@web/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@web/components/ui/dropdown-menu';
import { isLocked, type User } from '../types';

export type UserAction = 'edit' | 'reset-password' | 'unlock' | 'deactivate' | 'reactivate';

export function UserActionsMenu({ user, isSelf, onAction }: { user: User; isSelf: boolean; onAction: (action: UserAction, user: User) => void }) {
  const disabled = user.status === 'disabled';
  // Let the menu close and hand focus back to its button first: the dialog that opens next
  // then returns focus to that button when it closes.
  const run = (action: UserAction) => () => {
    setTimeout(() => onAction(action, user), 0);
  };
  return (
    // Non-modal, so the dialogs opened from it manage focus on their own.
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" className="size-9" aria-label={`Actions for ${user.name}`}>
          <MoreHorizontal aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-56" portal={false}>
        <DropdownMenuItem onSelect={run('edit')}>
          <Pencil aria-hidden="true" />
          Edit details…
        </DropdownMenuItem>
        {disabled ? null : (
          <DropdownMenuItem onSelect={run('reset-password')}>
            <KeyRound aria-hidden="true" />
            {user.status === 'invited' ? 'Resend invitation…' : 'Reset password…'}
          </DropdownMenuItem>
        )}
        {isLocked(user) ? (
          <DropdownMenuItem onSelect={run('unlock')}>
            <LockOpen aria-hidden="true" />
            Unlock sign-in
          </DropdownMenuItem>
        ) : null}
        {isSelf && !disabled ? null : (
          <>
            <DropdownMenuSeparator />
            {disabled ? (
              <DropdownMenuItem onSelect={run('reactivate')}>
                <UserCheck aria-hidden="true" />
                Reactivate…
              </DropdownMenuItem>
            ) : (
              <DropdownMenuItem destructive onSelect={run('deactivate')}>
                <UserX aria-hidden="true" />
                Deactivate…
              </DropdownMenuItem>
            )}
          </>
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
