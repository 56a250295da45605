import * as React from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { FormErrorAlert } from '@web/components/form-error-alert';
import { Button } from '@web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@web/components/ui/dialog';
import { FormField } from '@web/components/ui/form-field';
import { Textarea } from '@web/components/ui/textarea';
import { isApiError } from '@web/lib/api';

export interface TextDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: React.ReactNode;
  label: string;
  /** The server's name of the field, to show its message beside the box. */
  field: string;
  /** The field's rule in the endpoint's body schema (e.g. `CancelBody.shape.reason`). */
  schema: z.ZodType<string | undefined, string | undefined>;
  required?: boolean;
  maxLength: number;
  submitLabel: string;
  destructive?: boolean;
  pending: boolean;
  error: unknown;
  onSubmit: (text: string) => void;
}

/** A confirmation with one text box: cancel with a reason, decline with a reason, reopen with a note. */
export function TextDialog(props: TextDialogProps) {
  return (
    <Dialog open={props.open} onOpenChange={props.onOpenChange}>
      <DialogContent>{props.open ? <TextDialogForm {...props} /> : null}</DialogContent>
    </Dialog>
  );
}

function TextDialogForm({ onOpenChange, title, description, label, field, schema, required, maxLength, submitLabel, destructive, pending, error, onSubmit }: TextDialogProps) {
  const formSchema = React.useMemo(() => z.object({ text: schema }), [schema]);
  const { register, handleSubmit, formState: { errors } } = useForm({ resolver: zodResolver(formSchema), defaultValues: { text: '' } });
  const serverField = isApiError(error) ? error.fields[field] : undefined;
  const submit = handleSubmit((values) => onSubmit(values.text ?? ''));
  return (
    <>
      <DialogHeader>
        <DialogTitle>{title}</DialogTitle>
        {description ? <DialogDescription>{description}</DialogDescription> : null}
      </DialogHeader>
      <form onSubmit={submit} noValidate className="space-y-4">
        {error && !serverField ? <FormErrorAlert error={error} /> : null}
        <FormField label={label} required={required} error={errors.text?.message ?? serverField}>
          <Textarea maxLength={maxLength} rows={3} {...register('text')} />
        </FormField>
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Back
          </Button>
          <Button type="submit" variant={destructive ? 'destructive' : 'default'} loading={pending}>
            {submitLabel}
          </Button>
        </DialogFooter>
      </form>
    </>
  );
}
