import * as React from 'react';
import { FormErrorAlert } from '@web/components/form-error-alert';
import { Alert } from '@web/components/ui/alert';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@web/components/ui/alert-dialog';
import { Dialog, DialogContent } from '@web/components/ui/dialog';
import { isApiError } from '@web/lib/api';
import { cn } from '@web/lib/utils';

/** The dialog around a calendars form: open while there is something to edit. */
export function EditorDialog({ open, onClose, children, wide }: { open: boolean; onClose: () => void; children: React.ReactNode; wide?: boolean }) {
  return (
    <Dialog open={open} onOpenChange={(next) => (next ? undefined : onClose())}>
      <DialogContent className={cn(wide ? 'max-w-2xl' : 'max-w-xl')}>{children}</DialogContent>
    </Dialog>
  );
}

/**
 * What went wrong with a save: someone else changed the record (close and reopen), or any error
 * other than field messages (those stand beside their fields).
 */
export function SaveError({ error, staleText }: { error: unknown; staleText: string }) {
  if (isApiError(error) && error.code === 'stale_version') {
    return (
      <Alert variant="warning" assertive title="Changed elsewhere — reload">
        {staleText}
      </Alert>
    );
  }
  if (isApiError(error) && error.code === 'validation_failed') return null;
  // A 409 that names fields (a name already taken) is shown beside them too.
  if (isApiError(error) && error.hasFieldErrors && error.code === 'conflict') return null;
  return <FormErrorAlert error={error} />;
}

/** The first message per field path ("name", "weekly.2.end") of a zod result's issues. */
export function issuesByPath(issues: ReadonlyArray<{ path: PropertyKey[]; message: string }> | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const i of issues ?? []) out[i.path.map(String).join('.')] ??= i.message;
  return out;
}

/** "Delete X?" with what it means; the action is pending while the request runs. */
export function ConfirmDelete({ open, title, description, actionLabel, pending, onConfirm, onCancel }: { open: boolean; title: string; description: string; actionLabel: string; pending: boolean; onConfirm: () => void; onCancel: () => void }) {
  return (
    <AlertDialog open={open} onOpenChange={(next) => (next ? undefined : onCancel())}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription>{description}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <AlertDialogAction
            destructive
            disabled={pending}
            onClick={(e) => {
              e.preventDefault();
              onConfirm();
            }}
          >
            {actionLabel}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
