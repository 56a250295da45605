import * as React from 'react';
import { CreateScheduleBody, type Schedule, type SchedulePurpose } from '@contracts/schedules';
import { Alert } from '@web/components/ui/alert';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, FormDialogFooter } from '@web/components/ui/dialog';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { Textarea } from '@web/components/ui/textarea';
import { useToast } from '@web/components/ui/toast';
import { FormErrorAlert } from '@web/components/form-error-alert';
import { sentence } from '@web/lib/field-messages';
import { isApiError } from '@web/lib/api';
import { useCreateSchedule, useUpdateSchedule } from '../api/save-schedule';
import { PURPOSE_OPTIONS } from './schedule-format';
import { cn } from '@web/lib/utils';

export type ScheduleDialogTarget = { mode: 'create'; organizationId: string; organizationName: string } | { mode: 'rename'; schedule: Pick<Schedule, 'id' | 'name' | 'description' | 'purpose' | 'version'> };

/** Create a schedule, or rename and describe one. */
export function ScheduleDialog({ target, onClose, onCreated }: { target: ScheduleDialogTarget | null; onClose: () => void; onCreated: (id: string) => void }) {
  return (
    <Dialog open={target !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent>{target ? <ScheduleForm target={target} onClose={onClose} onCreated={onCreated} /> : null}</DialogContent>
    </Dialog>
  );
}

function ScheduleForm({ target, onClose, onCreated }: { target: ScheduleDialogTarget; onClose: () => void; onCreated: (id: string) => void }) {
  const existing = target.mode === 'rename' ? target.schedule : null;
  const [name, setName] = React.useState(existing?.name ?? '');
  const [description, setDescription] = React.useState(existing?.description ?? '');
  const [purpose, setPurpose] = React.useState<SchedulePurpose>(existing?.purpose ?? 'office_hours');
  const [nameError, setNameError] = React.useState<string | undefined>();
  const [descriptionError, setDescriptionError] = React.useState<string | undefined>();
  const create = useCreateSchedule();
  const update = useUpdateSchedule();
  const mutation = existing ? update : create;
  const { toast } = useToast();
  const formId = React.useId();
  const fields = isApiError(mutation.error) ? mutation.error.fields : {};
  const stale = isApiError(mutation.error) && mutation.error.code === 'stale_version';

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    // A new schedule and a renamed one take the same name and description rules.
    const checked = CreateScheduleBody.safeParse({ name, description, purpose });
    setNameError(checked.error?.issues.find((i) => i.path[0] === 'name')?.message);
    setDescriptionError(checked.error?.issues.find((i) => i.path[0] === 'description')?.message);
    if (!checked.success) return;
    if (existing) {
      update.mutate({ id: existing.id, version: existing.version, name, description, purpose }, { onSuccess: () => (toast({ title: 'Schedule saved' }), onClose()) });
    } else if (target.mode === 'create') {
      create.mutate(
        { organizationId: target.organizationId, name, description, purpose },
        {
          onSuccess: (created) => {
            toast({ title: `Created ${name.trim()}`, description: 'Add its shifts next.' });
            if (created) onCreated(created.id);
            onClose();
          },
        },
      );
    }
  };

  return (
    <>
      <DialogHeader>
        <DialogTitle>{existing ? 'Edit schedule' : 'New schedule'}</DialogTitle>
        <DialogDescription>{target.mode === 'create' ? `A rota of ${target.organizationName}, e.g. Front desk or On-call nurse.` : 'Its shifts and cover stay as they are.'}</DialogDescription>
      </DialogHeader>
      {stale ? (
        <Alert variant="warning" assertive title="Changed elsewhere — reload">
          Someone changed this schedule after you opened it. Close this dialog to see the latest version, then make your change again.
        </Alert>
      ) : isApiError(mutation.error) && Object.keys(fields).length ? null : (
        <FormErrorAlert error={mutation.error} />
      )}
      <form id={formId} onSubmit={submit} noValidate className="space-y-4">
        <FormField label="Name" required error={nameError ?? sentence(fields.name)}>
          <Input value={name} maxLength={80} onChange={(e) => setName(e.target.value)} autoFocus />
        </FormField>
        <FormField label="Description (optional)" error={descriptionError ?? sentence(fields.description)}>
          <Textarea rows={2} value={description} maxLength={500} onChange={(e) => setDescription(e.target.value)} />
        </FormField>
        <fieldset className="space-y-2" aria-describedby={fields.purpose ? `${formId}-purpose-error` : undefined}>
          <legend className="mb-2 text-sm font-medium">What it is for</legend>
          {PURPOSE_OPTIONS.map((option) => (
            <label
              key={option.value}
              className={cn(
                'flex cursor-pointer gap-3 rounded-lg border p-3 text-sm transition-colors hover:bg-muted has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
                purpose === option.value ? 'border-primary bg-primary-soft/60' : 'border-border',
              )}
            >
              <input
                type="radio"
                name={`${formId}-purpose`}
                value={option.value}
                checked={purpose === option.value}
                onChange={() => setPurpose(option.value)}
                className="mt-0.5 size-4 shrink-0 accent-[var(--color-primary)] focus-visible:outline-none"
              />
              <span>
                <span className="block font-medium text-foreground">{option.label}</span>
                <span className="mt-0.5 block text-muted-foreground">{option.description}</span>
              </span>
            </label>
          ))}
          {fields.purpose ? (
            <p id={`${formId}-purpose-error`} className="text-sm font-medium text-destructive">
              {sentence(fields.purpose)}
            </p>
          ) : null}
        </fieldset>
      </form>
      <FormDialogFooter submitLabel={existing ? 'Save' : 'Create schedule'} pending={mutation.isPending} onCancel={onClose} form={formId} />
    </>
  );
}
