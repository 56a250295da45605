import * as React from 'react';
import { FormErrorAlert } from '@web/components/form-error-alert';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, FormDialogFooter } from '@web/components/ui/dialog';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { Select } from '@web/components/ui/select';
import { LoadingBlock } from '@web/components/ui/spinner';
import { useToast } from '@web/components/ui/toast';
import type { SessionOrganization } from '@contracts/session';
import { isApiError } from '@web/lib/api';
import { HandoffPriority, type DeadlinesView } from '@contracts/handoffs';
import { useDeadlines, useSaveDeadlines } from '../api/handoff-deadlines';
import { formatSpan } from '../deadline';
import { PRIORITY_LABELS } from '../labels';

export interface DeadlinesDialogProps {
  organizations: readonly SessionOrganization[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Per organization: how long each priority may wait before it is overdue. */
export function DeadlinesDialog({ organizations, open, onOpenChange }: DeadlinesDialogProps) {
  const [organizationId, setOrganizationId] = React.useState(organizations[0]?.id ?? '');
  const deadlines = useDeadlines(open && organizationId ? organizationId : null);
  const id = React.useId();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle>Handoff deadlines</DialogTitle>
          <DialogDescription>How long a new handoff of each priority may wait. Urgent counts clock time; the others count the practice’s opening hours.</DialogDescription>
        </DialogHeader>
        {organizations.length > 1 ? (
          <div className="space-y-1.5">
            <Label htmlFor={`${id}-org`}>Organization</Label>
            <Select id={`${id}-org`} value={organizationId} onChange={(e) => setOrganizationId(e.target.value)}>
              {organizations.map((o) => (
                <option key={o.id} value={o.id}>
                  {o.name}
                </option>
              ))}
            </Select>
          </div>
        ) : null}
        {deadlines.isPending ? <LoadingBlock label="Loading deadlines…" className="py-6" /> : null}
        {deadlines.isError ? <FormErrorAlert error={deadlines.error} /> : null}
        {deadlines.data ? <DeadlinesForm key={`${organizationId}-${deadlines.data.updatedAt}`} value={deadlines.data} onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function DeadlinesForm({ value, onDone }: { value: DeadlinesView; onDone: () => void }) {
  const save = useSaveDeadlines();
  const { toast } = useToast();
  const [minutes, setMinutes] = React.useState<Record<HandoffPriority, string>>(
    () => Object.fromEntries(HandoffPriority.options.map((p) => [p, value.rules[p].custom ? String(value.rules[p].minutes) : ''])) as Record<HandoffPriority, string>,
  );
  const fields = isApiError(save.error) ? save.error.fields : {};
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const body = Object.fromEntries(HandoffPriority.options.map((p) => [p, minutes[p].trim() === '' ? null : Number(minutes[p])])) as Record<HandoffPriority, number | null>;
    save.mutate(
      { organizationId: value.organizationId, ...body },
      {
        onSuccess: () => {
          toast({ title: 'Deadlines saved', description: 'New handoffs get these deadlines; existing ones keep theirs.' });
          onDone();
        },
      },
    );
  };
  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      {save.error && Object.keys(fields).length === 0 ? <FormErrorAlert error={save.error} /> : null}
      <div className="grid gap-4 sm:grid-cols-2">
        {HandoffPriority.options.map((p) => {
          const rule = value.rules[p];
          const typed = Number(minutes[p]);
          const shown = minutes[p].trim() && Number.isFinite(typed) && typed > 0 ? typed : rule.defaultMinutes;
          return (
            <FormField
              key={p}
              label={`${PRIORITY_LABELS[p]} (minutes)`}
              error={fields[p]}
              description={`${minutes[p].trim() ? '' : 'Default: '}${formatSpan(shown * 60_000)} of ${rule.business ? 'opening hours' : 'clock time'}`}
            >
              <Input type="number" inputMode="numeric" min={1} max={14400} step={1} placeholder={String(rule.defaultMinutes)} value={minutes[p]} onChange={(e) => setMinutes({ ...minutes, [p]: e.target.value })} />
            </FormField>
          );
        })}
      </div>
      <p className="text-sm text-muted-foreground">Leave a box empty to use the default. Times are counted in {value.timeZone}.</p>
      <FormDialogFooter submitLabel="Save deadlines" pending={save.isPending} onCancel={onDone} cancelLabel="Back" />
    </form>
  );
}
