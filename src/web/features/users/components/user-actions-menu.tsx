import * as React from 'react';
import { KeyRound, LockOpen, MoreHorizontal, Pencil, UserCheck, UserX } from 'lucide-react';
import type { User } from '@contracts/users';
import { Button } from '@web/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@web/components/ui/dropdown-menu';
import { isLocked } from '../user-status';

export type UserAction = 'edit' | 'reset-password' | 'unlock' | 'deactivate' | 'reactivate';

export function UserActionsMenu({ user, isSelf, onAction }: { user: User; isSelf: boolean; onAction: (action: UserAction, user: User) => void }) {
  const disabled = user.status === 'disabled';
  const triggerRef = React.useRef<HTMLButtonElement>(null);
  // Put focus back on the menu's button before the dialog opens, so the dialog returns focus
  // there when it closes (the menu item that had focus is gone by then).
  const run = (action: UserAction) => () => {
    setTimeout(() => {
      triggerRef.current?.focus();
      onAction(action, user);
    }, 0);
  };
  return (
    // Non-modal, so the dialogs opened from it manage focus on their own.
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <Button ref={triggerRef} variant="ghost" size="icon" className="size-9" aria-label={`Actions for ${user.name}`}>
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
