import * as React from 'react';
import { ClinicianBody, UpdateClinicianBody, type ClinicianSummary, type VisitType } from '@contracts/calendars';
import type { Member } from '@contracts/organizations';
import { Checkbox } from '@web/components/ui/checkbox';
import { DialogDescription, DialogHeader, DialogTitle, FormDialogFooter } from '@web/components/ui/dialog';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { Select } from '@web/components/ui/select';
import { Switch } from '@web/components/ui/switch';
import { useToast } from '@web/components/ui/toast';
import { isApiError } from '@web/lib/api';
import { sentence } from '@web/lib/field-messages';
import { useCreateClinician, useUpdateClinician } from '../api/save-clinician';
import { visitTypeLabel } from './calendar-format';
import { EditorDialog, SaveError, issuesByPath } from './record-parts';

export type ClinicianDialogTarget = { mode: 'add'; organizationId: string } | { mode: 'edit'; clinician: ClinicianSummary };

const OUTSIDE = 'outside';

export interface ClinicianDialogProps {
  target: ClinicianDialogTarget | null;
  members: Member[];
  visitTypes: VisitType[];
  onClose: () => void;
  onCreated?: (id: string) => void;
}

/** Add a clinician (a person of the organization, or a named outside clinician), or change one. */
export function ClinicianDialog({ target, onClose, ...rest }: ClinicianDialogProps) {
  return (
    <EditorDialog open={target !== null} onClose={onClose}>
      {target ? <ClinicianForm key={target.mode === 'edit' ? target.clinician.id : 'add'} target={target} onClose={onClose} {...rest} /> : null}
    </EditorDialog>
  );
}

function ClinicianForm({ target, members, visitTypes, onClose, onCreated }: Omit<ClinicianDialogProps, 'target'> & { target: ClinicianDialogTarget }) {
  const existing = target.mode === 'edit' ? target.clinician : null;
  const [who, setWho] = React.useState(existing ? (existing.userId ?? OUTSIDE) : '');
  const [name, setName] = React.useState(existing?.name ?? '');
  const [title, setTitle] = React.useState(existing?.title ?? '');
  const [typeIds, setTypeIds] = React.useState<string[]>(existing?.visitTypeIds ?? []);
  const [active, setActive] = React.useState(existing?.active ?? true);
  const [clientErrors, setClientErrors] = React.useState<Record<string, string>>({});
  const create = useCreateClinician();
  const update = useUpdateClinician();
  const mutation = existing ? update : create;
  const { toast } = useToast();
  const formId = React.useId();
  const serverFields = isApiError(mutation.error) ? mutation.error.fields : {};
  const err = (k: string) => sentence(clientErrors[k] ?? serverFields[k] ?? (k === 'visitTypeIds' ? Object.entries(serverFields).find(([f]) => f.startsWith('visitTypeIds.'))?.[1] : undefined));
  const member = members.find((m) => m.id === who);
  // Visit types not in use are offered only when the clinician already does them.
  const offered = visitTypes.filter((t) => t.active || typeIds.includes(t.id));

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (existing) {
      const checked = UpdateClinicianBody.safeParse({ version: existing.version, name, title, visitTypeIds: typeIds, active });
      setClientErrors(issuesByPath(checked.error?.issues));
      if (!checked.success) return;
      update.mutate({ id: existing.id, ...checked.data }, { onSuccess: () => (toast({ title: 'Clinician saved' }), onClose()) });
      return;
    }
    const problems: Record<string, string> = {};
    if (who === '') problems.userId = 'Choose a person of the organization, or someone from outside.';
    const checked = ClinicianBody.safeParse({ userId: who === OUTSIDE || who === '' ? null : who, name, title, visitTypeIds: typeIds });
    Object.assign(problems, issuesByPath(checked.error?.issues));
    if (who === '') delete problems.name;
    setClientErrors(problems);
    if (!checked.success || Object.keys(problems).length) return;
    if (target.mode !== 'add') return;
    create.mutate(
      { organizationId: target.organizationId, ...checked.data },
      {
        onSuccess: (created) => {
          toast({ title: `Added ${created?.name ?? 'the clinician'}`, description: 'Set their weekly hours next.' });
          if (created) onCreated?.(created.id);
          onClose();
        },
      },
    );
  };

  const toggle = (id: string, on: boolean) => setTypeIds((ids) => (on ? [...new Set([...ids, id])] : ids.filter((x) => x !== id)));

  return (
    <>
      <DialogHeader>
        <DialogTitle>{existing ? 'Change clinician' : 'Add a clinician'}</DialogTitle>
        <DialogDescription>Someone patients book visits with: a person of the organization, or a clinician from outside known by name.</DialogDescription>
      </DialogHeader>
      <SaveError error={mutation.error} staleText="Someone changed this clinician after you opened them. Close this dialog to see the latest version, then make your change again." />
      <form id={formId} onSubmit={submit} noValidate className="space-y-4">
        {existing ? (
          <p className="text-sm text-muted-foreground">{existing.userId ? 'A person of this organization.' : 'A clinician from outside the organization.'}</p>
        ) : (
          <FormField label="Who" error={err('userId')} required>
            <Select value={who} onChange={(e) => setWho(e.target.value)}>
              <option value="">Choose…</option>
              {members.length ? (
                <optgroup label="People of this organization">
                  {members.map((m) => (
                    <option key={m.id} value={m.id}>
                      {m.name || m.email}
                    </option>
                  ))}
                </optgroup>
              ) : null}
              <option value={OUTSIDE}>Someone from outside (by name)…</option>
            </Select>
          </FormField>
        )}
        <div className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_10rem]">
          <FormField
            label={who === OUTSIDE || existing ? 'Name' : 'Name (optional)'}
            error={err('name')}
            required={who === OUTSIDE}
            description={member && !existing ? `Leave empty to use ${member.name || member.email}.` : undefined}
          >
            <Input value={name} onChange={(e) => setName(e.target.value)} maxLength={120} autoComplete="off" placeholder="e.g. Dr. Amara Rivera" />
          </FormField>
          <FormField label="Title (optional)" error={err('title')}>
            <Input value={title} onChange={(e) => setTitle(e.target.value)} maxLength={80} autoComplete="off" placeholder="e.g. MD, NP" />
          </FormField>
        </div>
        <fieldset className="space-y-2" aria-describedby={err('visitTypeIds') ? `${formId}-types-error` : undefined}>
          <legend className="text-sm font-medium">Visit types they do</legend>
          {offered.length === 0 ? (
            <p className="text-sm text-muted-foreground">No visit types yet: add them in the Visit types tab, then choose them here.</p>
          ) : (
            <div className="grid gap-2 sm:grid-cols-2">
              {offered.map((t) => (
                <div key={t.id} className="flex items-center gap-2">
                  <Checkbox id={`${formId}-type-${t.id}`} checked={typeIds.includes(t.id)} onCheckedChange={(v) => toggle(t.id, v === true)} />
                  <Label htmlFor={`${formId}-type-${t.id}`} className="font-normal">
                    {visitTypeLabel(t)}
                    {t.active ? '' : ' · not in use'}
                  </Label>
                </div>
              ))}
            </div>
          )}
          {err('visitTypeIds') ? (
            <p id={`${formId}-types-error`} className="text-sm font-medium text-destructive">
              {err('visitTypeIds')}
            </p>
          ) : null}
        </fieldset>
        {existing ? (
          <div className="flex items-start gap-3">
            <Switch id={`${formId}-active`} checked={active} onCheckedChange={setActive} aria-describedby={`${formId}-active-hint`} />
            <div>
              <Label htmlFor={`${formId}-active`}>Takes visits</Label>
              <p id={`${formId}-active-hint`} className="text-sm text-muted-foreground">
                Off: no open times are offered with them; their visits stay on the calendar.
              </p>
            </div>
          </div>
        ) : null}
      </form>
      <FormDialogFooter submitLabel={existing ? 'Save clinician' : 'Add clinician'} pending={mutation.isPending} onCancel={onClose} form={formId} />
    </>
  );
}
