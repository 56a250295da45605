import * as React from 'react';
import { FormErrorAlert } from '@web/components/form-error-alert';
import { Button } from '@web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@web/components/ui/dialog';
import { FormField } from '@web/components/ui/form-field';
import { Select } from '@web/components/ui/select';
import { LoadingBlock } from '@web/components/ui/spinner';
import { useToast } from '@web/components/ui/toast';
import { isApiError } from '@web/lib/api';
import { useAssignHandoff } from '../api/assign-handoff';
import { useAssignees } from '../api/list-assignees';
import type { HandoffSummary } from '@contracts/handoffs';

export function AssignDialog({ handoff, open, onOpenChange }: { handoff: HandoffSummary; open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>{open ? <AssignForm handoff={handoff} onDone={() => onOpenChange(false)} /> : null}</DialogContent>
    </Dialog>
  );
}

/** Assign to a person of the organization; the one on duty now is suggested (and chosen by default). */
function AssignForm({ handoff, onDone }: { handoff: HandoffSummary; onDone: () => void }) {
  const options = useAssignees(handoff.id, true);
  const assign = useAssignHandoff();
  const { toast } = useToast();
  const [userId, setUserId] = React.useState<string>('');
  const suggested = options.data?.suggestedUserId ?? null;
  const chosen = userId || suggested || handoff.assignee?.id || '';
  const onDuty = options.data?.onDuty ?? [];

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!chosen) return;
    assign.mutate(
      { id: handoff.id, userId: chosen },
      {
        onSuccess: ({ handoff: h }) => {
          toast({ title: 'Assigned', description: `${h.assignee?.name ?? 'They'} now has this handoff.` });
          onDone();
        },
      },
    );
  };
  const fieldError = isApiError(assign.error) ? assign.error.fields.userId : undefined;
  return (
    <>
      <DialogHeader>
        <DialogTitle>Assign handoff</DialogTitle>
        <DialogDescription>Give it to someone at {handoff.organizationName}. They see it under Mine.</DialogDescription>
      </DialogHeader>
      {options.isPending ? (
        <LoadingBlock label="Loading people…" className="py-6" />
      ) : options.isError ? (
        <FormErrorAlert error={options.error} />
      ) : (
        <form onSubmit={submit} noValidate className="space-y-4">
          {assign.error && !fieldError ? <FormErrorAlert error={assign.error} /> : null}
          <FormField
            label="Person"
            required
            error={fieldError}
            description={
              onDuty.length
                ? `On duty now: ${onDuty.map((p) => `${p.name} (${p.scheduleName})`).join(', ')}.`
                : 'Nobody is on duty in this organization’s schedules right now.'
            }
          >
            <Select value={chosen} onChange={(e) => setUserId(e.target.value)}>
              {!chosen ? <option value="">Choose a person</option> : null}
              {options.data.items.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name}
                  {p.id === suggested ? ' — suggested, on duty' : p.onDuty ? ' — on duty' : ''}
                </option>
              ))}
            </Select>
          </FormField>
          <DialogFooter>
            <Button variant="outline" onClick={onDone}>
              Back
            </Button>
            <Button type="submit" loading={assign.isPending} disabled={!chosen}>
              Assign
            </Button>
          </DialogFooter>
        </form>
      )}
    </>
  );
}
