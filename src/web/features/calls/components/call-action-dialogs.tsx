import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { FormErrorAlert } from '@web/components/form-error-alert';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, FormDialogFooter } from '@web/components/ui/dialog';
import { FormField } from '@web/components/ui/form-field';
import { Select } from '@web/components/ui/select';
import { Textarea } from '@web/components/ui/textarea';
import { useToast } from '@web/components/ui/toast';
import { isApiError } from '@web/lib/api';
import { applyServerFieldErrors } from '@web/lib/form-errors';
import { useCreateCallHandoff, useSetCallOutcome } from '../api/call-actions';
import { HANDOFF_TYPE_LABELS, OUTCOME_LABELS, PRIORITY_LABELS } from '@web/lib/call-labels';
import { CallOutcome, CreateCallHandoffBody, SetOutcomeBody } from '@contracts/calls';
import { HandoffPriority, HandoffType } from '@contracts/handoffs';

export function SetOutcomeDialog({ open, onOpenChange, callId, current, live }: { open: boolean; onOpenChange: (open: boolean) => void; callId: string; current: CallOutcome | null; live: boolean }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>{open ? <SetOutcomeForm callId={callId} current={current} live={live} onDone={() => onOpenChange(false)} /> : null}</DialogContent>
    </Dialog>
  );
}

function SetOutcomeForm({ callId, current, live, onDone }: { callId: string; current: CallOutcome | null; live: boolean; onDone: () => void }) {
  const set = useSetCallOutcome();
  const { toast } = useToast();
  const { register, handleSubmit, setError, formState: { errors } } = useForm({
    resolver: zodResolver(SetOutcomeBody),
    defaultValues: current ? { outcome: current } : undefined,
  });
  const onSubmit = handleSubmit((values) =>
    set.mutate(
      { id: callId, outcome: values.outcome },
      {
        onSuccess: () => {
          toast({ title: 'Outcome set', description: OUTCOME_LABELS[values.outcome] });
          onDone();
        },
        onError: (error) => applyServerFieldErrors(error, setError, { fields: ['outcome'] }),
      },
    ),
  );
  const fieldOnly = isApiError(set.error) && set.error.code === 'validation_failed' && set.error.hasFieldErrors;
  return (
    <>
      <DialogHeader>
        <DialogTitle>Set the outcome</DialogTitle>
        <DialogDescription>How the call ended, as it counts in the figures. The agent sets one at the end of every call; correct it here.</DialogDescription>
      </DialogHeader>
      <form onSubmit={onSubmit} noValidate className="space-y-5">
        {set.error && !fieldOnly ? <FormErrorAlert error={set.error} title={isApiError(set.error) && set.error.code === 'invalid_transition' ? 'Not yet' : undefined} /> : null}
        {live && !set.error ? <p className="text-sm text-muted-foreground">This call is still going on; an outcome can be set once it has ended.</p> : null}
        <FormField label="Outcome" required error={errors.outcome?.message}>
          <Select defaultValue={current ?? ''} {...register('outcome')}>
            <option value="" disabled>
              Choose…
            </option>
            {CallOutcome.options.map((o) => (
              <option key={o} value={o}>
                {OUTCOME_LABELS[o]}
              </option>
            ))}
          </Select>
        </FormField>
        <FormDialogFooter submitLabel="Save outcome" pending={set.isPending} onCancel={onDone} />
      </form>
    </>
  );
}

export function CreateHandoffDialog({ open, onOpenChange, callId, onCreated }: { open: boolean; onOpenChange: (open: boolean) => void; callId: string; onCreated?: (id: string) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        {open ? (
          <CreateHandoffForm
            callId={callId}
            onDone={(id) => {
              onOpenChange(false);
              if (id) onCreated?.(id);
            }}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function CreateHandoffForm({ callId, onDone }: { callId: string; onDone: (id?: string) => void }) {
  const create = useCreateCallHandoff();
  const { toast } = useToast();
  const { register, handleSubmit, setError, formState: { errors } } = useForm({
    resolver: zodResolver(CreateCallHandoffBody),
    defaultValues: { type: 'callback', priority: 'normal', reason: '' },
  });
  const onSubmit = handleSubmit((values) =>
    create.mutate(
      { id: callId, ...values },
      {
        onSuccess: (h) => {
          toast({ title: 'Handoff created', description: 'It is in the queue for your team.' });
          onDone(h.id);
        },
        onError: (error) => applyServerFieldErrors(error, setError, { fields: ['type', 'priority', 'reason'] }),
      },
    ),
  );
  const fieldOnly = isApiError(create.error) && create.error.hasFieldErrors;
  return (
    <>
      <DialogHeader>
        <DialogTitle>Create a handoff</DialogTitle>
        <DialogDescription>Put this call in the human work queue, with the caller as the contact. Its deadline follows the priority and the practice's hours.</DialogDescription>
      </DialogHeader>
      <form onSubmit={onSubmit} noValidate className="space-y-5">
        {create.error && !fieldOnly ? <FormErrorAlert error={create.error} /> : null}
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label="Type" required error={errors.type?.message}>
            <Select {...register('type')}>
              {HandoffType.options.map((t) => (
                <option key={t} value={t}>
                  {HANDOFF_TYPE_LABELS[t]}
                </option>
              ))}
            </Select>
          </FormField>
          <FormField label="Priority" required error={errors.priority?.message}>
            <Select {...register('priority')}>
              {HandoffPriority.options.map((p) => (
                <option key={p} value={p}>
                  {PRIORITY_LABELS[p]}
                </option>
              ))}
            </Select>
          </FormField>
        </div>
        <FormField label="What needs doing" required error={errors.reason?.message}>
          <Textarea rows={3} maxLength={2000} placeholder="e.g. Call back about the bill; prefers afternoons." {...register('reason')} />
        </FormField>
        <FormDialogFooter submitLabel="Create handoff" pending={create.isPending} onCancel={() => onDone()} />
      </form>
    </>
  );
}
