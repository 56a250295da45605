import * as React from 'react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { formatPhone } from '@web/lib/format-phone';
import type { OrganizationFormInput, OrganizationFormValues } from './organization-form';

/**
 * Who the organization's texts come from and how fast they go (issue 30 §1): a number of its own,
 * a Twilio Messaging Service, or — left empty — its first phone number; and the pace its texting
 * provider allows, or the deployment's.
 */
export function TextSendingFields({ form }: { form: UseFormReturn<OrganizationFormInput, unknown, OrganizationFormValues> }) {
  const { control, register, formState } = form;
  const errors = formState.errors.textSending;
  const [first, country] = useWatch({ control, name: ['phoneNumbers.0.number', 'address.country'] });
  const headingId = React.useId();
  const firstNumber = first?.trim() ? formatPhone(first.trim(), country || 'US') : null;
  return (
    <section aria-labelledby={headingId} className="space-y-4">
      <h3 id={headingId} className="text-sm font-semibold">
        Sending
      </h3>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          label="Send texts from"
          error={errors?.sender?.message}
          description={`A number the texting provider lets this practice send from, or a Twilio Messaging Service SID (MG…). Empty: ${firstNumber ? `the first phone number, ${firstNumber}` : 'the first phone number'}.`}
        >
          <Input autoComplete="off" spellCheck={false} placeholder={firstNumber ?? '+1 860 555 0100'} {...register('textSending.sender')} />
        </FormField>
        <FormField label="Texts per second" error={errors?.perSecond?.message} description="The provider’s limit for this sender (a US long code: 1). Empty: the deployment’s setting.">
          <Input
            type="number"
            inputMode="decimal"
            min={0.1}
            max={100}
            step="any"
            className="sm:max-w-40"
            {...register('textSending.perSecond', { setValueAs: (v: unknown) => (v === '' || v === null || v === undefined ? null : Number(v)) })}
          />
        </FormField>
      </div>
    </section>
  );
}
