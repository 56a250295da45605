import * as React from 'react';
import { usePractices } from '@web/lib/use-practice';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { AddDoNotCallBody, RemoveDoNotCallBody, type DoNotCallEntry, type DoNotCallImportResult } from '@contracts/do-not-call';
import { FormErrorAlert } from '@web/components/form-error-alert';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, FormDialogFooter } from '@web/components/ui/dialog';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { useToast } from '@web/components/ui/toast';
import { isApiError } from '@web/lib/api';
import { applyServerFieldErrors } from '@web/lib/form-errors';
import { useAddDoNotCall, useImportDoNotCall, useRemoveDoNotCall } from '../api/do-not-call';
import { useCsvFile } from './use-csv-file';
import { formatPhone } from '@web/lib/format-phone';

export function AddDoNotCallDialog({ organizationId, open, onOpenChange }: { organizationId: string; open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>{open ? <AddForm organizationId={organizationId} onDone={() => onOpenChange(false)} /> : null}</DialogContent>
    </Dialog>
  );
}

function AddForm({ organizationId, onDone }: { organizationId: string; onDone: () => void }) {
  const practiceOf = usePractices();
  const add = useAddDoNotCall();
  const { toast } = useToast();
  const { register, handleSubmit, setError, formState } = useForm<AddDoNotCallBody>({ resolver: zodResolver(AddDoNotCallBody), defaultValues: { phone: '', reason: '' } });
  const onSubmit = handleSubmit((values) =>
    add.mutate(
      { organizationId, ...values },
      {
        onSuccess: (entry) => {
          toast({ title: 'Added to the do-not-call list', description: `${formatPhone(entry.phone, practiceOf(organizationId)?.country)} will not be called.` });
          onDone();
        },
        onError: (error) => applyServerFieldErrors(error, setError, { fields: ['phone', 'reason'] }),
      },
    ),
  );
  const error = add.error;
  return (
    <>
      <DialogHeader>
        <DialogTitle>Add a number</DialogTitle>
        <DialogDescription>It will never be called by a campaign, a single call or a call-back. The reason is kept in the audit log.</DialogDescription>
      </DialogHeader>
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        {error && !(isApiError(error) && error.hasFieldErrors) ? <FormErrorAlert error={error} /> : null}
        <FormField label="Phone number" required error={formState.errors.phone?.message} description="Local numbers are read for the organization's country.">
          <Input type="tel" autoComplete="off" {...register('phone')} />
        </FormField>
        <FormField label="Reason" required error={formState.errors.reason?.message}>
          <Input autoComplete="off" {...register('reason')} />
        </FormField>
        <FormDialogFooter submitLabel="Add to the list" pending={add.isPending} onCancel={onDone} />
      </form>
    </>
  );
}

export function RemoveDoNotCallDialog({ organizationId, entry, onDone }: { organizationId: string; entry: DoNotCallEntry | null; onDone: () => void }) {
  return (
    <Dialog open={entry !== null} onOpenChange={(open) => !open && onDone()}>
      <DialogContent>{entry ? <RemoveForm organizationId={organizationId} entry={entry} onDone={onDone} /> : null}</DialogContent>
    </Dialog>
  );
}

function RemoveForm({ organizationId, entry, onDone }: { organizationId: string; entry: DoNotCallEntry; onDone: () => void }) {
  const practiceOf = usePractices();
  const remove = useRemoveDoNotCall();
  const { toast } = useToast();
  const { register, handleSubmit, setError, formState } = useForm<RemoveDoNotCallBody>({ resolver: zodResolver(RemoveDoNotCallBody), defaultValues: { reason: '' } });
  const onSubmit = handleSubmit((values) =>
    remove.mutate(
      { organizationId, entryId: entry.id, reason: values.reason },
      {
        onSuccess: () => {
          toast({ title: 'Removed from the do-not-call list', description: `${formatPhone(entry.phone, practiceOf(organizationId)?.country)} may be called again.` });
          onDone();
        },
        onError: (error) => applyServerFieldErrors(error, setError, { fields: ['reason'] }),
      },
    ),
  );
  return (
    <>
      <DialogHeader>
        <DialogTitle>Remove {formatPhone(entry.phone, practiceOf(organizationId)?.country)}?</DialogTitle>
        <DialogDescription>Campaigns and calls may dial this number again. Say why: the reason is kept in the audit log.</DialogDescription>
      </DialogHeader>
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        {remove.error && !(isApiError(remove.error) && remove.error.hasFieldErrors) ? <FormErrorAlert error={remove.error} /> : null}
        <FormField label="Reason" required error={formState.errors.reason?.message}>
          <Input autoComplete="off" {...register('reason')} />
        </FormField>
        <FormDialogFooter submitLabel="Remove from the list" destructive pending={remove.isPending} onCancel={onDone} />
      </form>
    </>
  );
}

export function ImportDoNotCallDialog({ organizationId, open, onOpenChange }: { organizationId: string; open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-lg">{open ? <ImportForm organizationId={organizationId} onDone={() => onOpenChange(false)} /> : null}</DialogContent>
    </Dialog>
  );
}

function ImportForm({ organizationId, onDone }: { organizationId: string; onDone: () => void }) {
  const importList = useImportDoNotCall();
  const [reason, setReason] = React.useState('');
  const [reasonError, setReasonError] = React.useState<string | undefined>();
  const [result, setResult] = React.useState<DoNotCallImportResult | null>(null);

  const csvFile = useCsvFile();
  const onSubmit = (e: React.FormEvent) => {
    e.preventDefault();
    void submit();
  };
  const submit = async () => {
    const chosen = await csvFile.take();
    const parsed = RemoveDoNotCallBody.shape.reason.safeParse(reason);
    setReasonError(parsed.success ? undefined : parsed.error.issues[0]?.message);
    if (!parsed.success || !chosen) return;
    const csv = chosen.text;
    importList.mutate(
      { organizationId, csv, reason: parsed.data },
      {
        onSuccess: setResult,
        onError: (error) => {
          if (isApiError(error)) {
            csvFile.setError(error.fields.csv ?? (error.fields.reason ? undefined : error.message));
            setReasonError(error.fields.reason);
          }
        },
      },
    );
  };

  if (result) {
    return (
      <>
        <DialogHeader>
          <DialogTitle>Import done</DialogTitle>
          <DialogDescription>
            {result.added} added, {result.alreadyListed} already on the list, {result.rejectedCount} rows not read as a number.
          </DialogDescription>
        </DialogHeader>
        {result.rejected.length ? (
          <Alert variant="warning" title="Rows not imported">
            <ul className="list-disc pl-5">
              {result.rejected.slice(0, 10).map((r) => (
                <li key={r.row}>
                  Row {r.row}: “{r.value}” — {r.message}
                </li>
              ))}
            </ul>
          </Alert>
        ) : null}
        <DialogFooter>
          <Button onClick={onDone}>Close</Button>
        </DialogFooter>
      </>
    );
  }
  return (
    <>
      <DialogHeader>
        <DialogTitle>Import numbers from a CSV</DialogTitle>
        <DialogDescription>A column of phone numbers (a header such as “phone” is recognised); a “reason” column is kept when there is one.</DialogDescription>
      </DialogHeader>
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <FormField label="CSV file" required error={csvFile.error}>
          <Input type="file" accept=".csv,text/csv,text/plain" onChange={(e) => csvFile.choose(e.target.files?.[0])} />
        </FormField>
        <FormField label="Reason" required error={reasonError} description="Used for rows without a reason of their own; kept in the audit log.">
          <Input autoComplete="off" value={reason} onChange={(e) => setReason(e.target.value)} />
        </FormField>
        <FormDialogFooter submitLabel="Import" pending={importList.isPending} onCancel={onDone} />
      </form>
    </>
  );
}
