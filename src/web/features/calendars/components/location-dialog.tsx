import * as React from 'react';
import { LocationBody, type Location } from '@contracts/calendars';
import { DialogDescription, DialogHeader, DialogTitle, FormDialogFooter } from '@web/components/ui/dialog';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { Switch } from '@web/components/ui/switch';
import { useToast } from '@web/components/ui/toast';
import { isApiError } from '@web/lib/api';
import { sentence } from '@web/lib/field-messages';
import { useCreateLocation, useUpdateLocation } from '../api/save-records';
import { EditorDialog, SaveError, issuesByPath } from './record-parts';

export type LocationDialogTarget = { mode: 'add'; organizationId: string } | { mode: 'edit'; location: Location };

/** Add a location, or rename it, change its address, mark it (not) in use. */
export function LocationDialog({ target, onClose }: { target: LocationDialogTarget | null; onClose: () => void }) {
  return (
    <EditorDialog open={target !== null} onClose={onClose}>
      {target ? <LocationForm key={target.mode === 'edit' ? target.location.id : 'add'} target={target} onClose={onClose} /> : null}
    </EditorDialog>
  );
}

function LocationForm({ target, onClose }: { target: LocationDialogTarget; onClose: () => void }) {
  const location = target.mode === 'edit' ? target.location : null;
  const [name, setName] = React.useState(location?.name ?? '');
  const [address, setAddress] = React.useState(location?.address ?? '');
  const [active, setActive] = React.useState(location?.active ?? true);
  const [clientErrors, setClientErrors] = React.useState<Record<string, string>>({});
  const create = useCreateLocation();
  const update = useUpdateLocation();
  const mutation = location ? update : create;
  const { toast } = useToast();
  const formId = React.useId();
  const serverFields = isApiError(mutation.error) ? mutation.error.fields : {};
  const err = (k: string) => sentence(clientErrors[k] ?? serverFields[k]);

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const checked = LocationBody.safeParse({ name, address });
    setClientErrors(issuesByPath(checked.error?.issues));
    if (!checked.success) return;
    const done = { onSuccess: () => (toast({ title: location ? 'Location saved' : `Added ${checked.data.name}` }), onClose()) };
    if (location) update.mutate({ id: location.id, version: location.version, ...checked.data, active }, done);
    else if (target.mode === 'add') create.mutate({ organizationId: target.organizationId, ...checked.data }, done);
  };

  return (
    <>
      <DialogHeader>
        <DialogTitle>{location ? 'Change location' : 'Add a location'}</DialogTitle>
        <DialogDescription>Where clinicians see patients: a clinic, an office or a room.</DialogDescription>
      </DialogHeader>
      <SaveError error={mutation.error} staleText="Someone changed this location after you opened it. Close this dialog to see the latest version, then make your change again." />
      <form id={formId} onSubmit={submit} noValidate className="space-y-4">
        <FormField label="Name" error={err('name')} required>
          <Input value={name} onChange={(e) => setName(e.target.value)} maxLength={120} autoComplete="off" placeholder="e.g. Main clinic" />
        </FormField>
        <FormField label="Address (optional)" error={err('address')}>
          <Input value={address} onChange={(e) => setAddress(e.target.value)} maxLength={300} autoComplete="off" />
        </FormField>
        {location ? (
          <div className="flex items-start gap-3">
            <Switch id={`${formId}-active`} checked={active} onCheckedChange={setActive} aria-describedby={`${formId}-active-hint`} />
            <div>
              <Label htmlFor={`${formId}-active`}>In use</Label>
              <p id={`${formId}-active-hint`} className="text-sm text-muted-foreground">
                A location not in use offers no open times; its visits stay on the calendar.
              </p>
            </div>
          </div>
        ) : null}
      </form>
      <FormDialogFooter submitLabel={location ? 'Save location' : 'Add location'} pending={mutation.isPending} onCancel={onClose} form={formId} />
    </>
  );
}
