import * as React from 'react';
import { FormErrorAlert } from '@web/components/form-error-alert';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, FormDialogFooter } from '@web/components/ui/dialog';
import { FormField } from '@web/components/ui/form-field';
import { ChoiceOptions, Select } from '@web/components/ui/select';
import { Textarea } from '@web/components/ui/textarea';
import { useToast } from '@web/components/ui/toast';
import { isApiError } from '@web/lib/api';
import { useResolveHandoff } from '../api/resolve-handoff';
import { RESOLVE_OUTCOMES, type ResolveOutcome } from '../labels';
import type { HandoffSummary } from '../types';

export function ResolveDialog({ handoff, open, onOpenChange }: { handoff: HandoffSummary; open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>{open ? <ResolveForm handoff={handoff} onDone={() => onOpenChange(false)} /> : null}</DialogContent>
    </Dialog>
  );
}

function ResolveForm({ handoff, onDone }: { handoff: HandoffSummary; onDone: () => void }) {
  const resolve = useResolveHandoff();
  const { toast } = useToast();
  const [outcome, setOutcome] = React.useState<ResolveOutcome | ''>('');
  const [note, setNote] = React.useState('');
  const [missing, setMissing] = React.useState(false);
  const fields = isApiError(resolve.error) ? resolve.error.fields : {};
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!outcome) {
      setMissing(true);
      return;
    }
    resolve.mutate(
      { id: handoff.id, outcome, note: note.trim() || undefined },
      {
        onSuccess: () => {
          toast({ title: 'Resolved', description: 'The handoff moved to Resolved.' });
          onDone();
        },
      },
    );
  };
  return (
    <>
      <DialogHeader>
        <DialogTitle>Resolve handoff</DialogTitle>
        <DialogDescription>Say how it ended. It can be reopened later if needed.</DialogDescription>
      </DialogHeader>
      <form onSubmit={submit} noValidate className="space-y-4">
        {resolve.error && !fields.outcome && !fields.note ? <FormErrorAlert error={resolve.error} /> : null}
        <FormField label="Outcome" required error={missing ? 'Choose an outcome.' : fields.outcome}>
          <Select
            value={outcome}
            onChange={(e) => {
              setOutcome(e.target.value as ResolveOutcome);
              setMissing(false);
            }}
          >
            <ChoiceOptions placeholder="Choose an outcome" options={RESOLVE_OUTCOMES} />
          </Select>
        </FormField>
        <FormField label="Note" error={fields.note}>
          <Textarea rows={3} maxLength={5000} value={note} onChange={(e) => setNote(e.target.value)} />
        </FormField>
        <FormDialogFooter submitLabel="Resolve" pending={resolve.isPending} onCancel={onDone} cancelLabel="Back" />
      </form>
    </>
  );
}
