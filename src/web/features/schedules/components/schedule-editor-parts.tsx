import * as React from 'react';
import { FormErrorAlert } from '@web/components/form-error-alert';
import { Alert } from '@web/components/ui/alert';
import { Dialog, DialogContent } from '@web/components/ui/dialog';
import { isApiError } from '@web/lib/api';

/** The dialog around a shift or cover editor: open while there is something to edit. */
export function ScheduleEditorDialog({ open, onClose, children }: { open: boolean; onClose: () => void; children: React.ReactNode }) {
  return (
    <Dialog open={open} onOpenChange={(next) => (next ? undefined : onClose())}>
      <DialogContent className="max-w-xl">{children}</DialogContent>
    </Dialog>
  );
}

/**
 * What went wrong with a save: someone else changed the record (reload), or any error other than
 * field messages (those stand beside their fields).
 */
export function ScheduleSaveError({ error, staleText }: { error: unknown; staleText: string }) {
  if (isApiError(error) && error.code === 'stale_version') {
    return (
      <Alert variant="warning" assertive title="Changed elsewhere — reload">
        {staleText}
      </Alert>
    );
  }
  return isApiError(error) && error.code === 'validation_failed' ? null : <FormErrorAlert error={error} />;
}

