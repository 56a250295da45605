import * as React from 'react';
import { Controller, useWatch, type UseFormReturn } from 'react-hook-form';
import { DEFAULT_MISSED_CALL_TEXTS, MISSED_CALL_TEXT_MAX, MISSED_CALL_TEXT_WINDOW_HOURS, missedCallText } from '@domain/messaging/missed-call-text';
import { smsBody } from '@domain/messaging/sms';
import { emergencyNumber } from '@domain/patient/emergency-number';
import { Checkbox } from '@web/components/ui/checkbox';
import { FormField } from '@web/components/ui/form-field';
import { Label } from '@web/components/ui/label';
import { Textarea } from '@web/components/ui/textarea';
import { formatPhone } from '@web/lib/format-phone';
import type { OrganizationFormInput, OrganizationFormValues } from './organization-form';

/** The texts grow with their words (where the browser can), so a whole text reads at 390 px. */
const GROWS = 'field-sizing-content min-h-20 max-h-60';

export interface MissedCallTextsFieldsProps {
  form: UseFormReturn<OrganizationFormInput, unknown, OrganizationFormValues>;
  /** The practice offers Spanish on the phone: callers heard in Spanish get the Spanish text. */
  spanish: boolean;
  id: string;
}

/**
 * Texts to callers the practice missed (issue 30 §2, decision 047): on or off (off for a new
 * organization), the practice's own words in English and Spanish or the standard ones, and what
 * a caller would read, filled in with the name and first number typed in this form.
 */
export function MissedCallTextsFields({ form, spanish, id }: MissedCallTextsFieldsProps) {
  const { control, register, formState } = form;
  const errors = formState.errors.missedCallTexts;
  const [name, number, country, message, messageEs] = useWatch({
    control,
    name: ['name', 'phoneNumbers.0.number', 'address.country', 'missedCallTexts.message', 'missedCallTexts.messageEs'],
  });
  const values = {
    practice: name?.trim() || 'Your practice',
    number: number?.trim() ? formatPhone(number.trim(), country || 'US') : 'your number',
    emergency: emergencyNumber(country || 'US'),
  };
  const placeholders = (
    <>
      <code>{'{practice}'}</code>, <code>{'{number}'}</code> and <code>{'{emergency}'}</code> are replaced by the practice’s name, the number the caller
      dialled and the emergency number.
    </>
  );

  return (
    <div className="space-y-5">
      <p className="text-sm text-muted-foreground">
        When a caller hangs up before the agent could help — while waiting to be put through, or before saying a word — Switchboard can text them
        once, two minutes later, so they can reply instead of calling again. Their replies arrive in the handoff queue as messages.
      </p>
      <Controller
        control={control}
        name="missedCallTexts.enabled"
        render={({ field }) => (
          <div className="flex items-start gap-3">
            <Checkbox
              id={`${id}-missed-calls`}
              ref={field.ref}
              checked={field.value}
              onCheckedChange={(v) => field.onChange(v === true)}
              onBlur={field.onBlur}
              aria-describedby={`${id}-missed-calls-description`}
            />
            <div className="space-y-1">
              <Label htmlFor={`${id}-missed-calls`}>Text callers we missed</Label>
              <p id={`${id}-missed-calls-description`} className="text-sm text-muted-foreground">
                Never to a landline or toll-free number, to a number that replied STOP, or twice to one number within {MISSED_CALL_TEXT_WINDOW_HOURS} hours;
                never after a call that left a request, a message or an emergency.
              </p>
            </div>
          </div>
        )}
      />
      <FormField label="Text in English" error={errors?.message?.message} description={<>Empty: the standard text. {placeholders}</>}>
        <Textarea rows={3} maxLength={MISSED_CALL_TEXT_MAX} className={GROWS} placeholder={DEFAULT_MISSED_CALL_TEXTS.en} {...register('missedCallTexts.message')} />
      </FormField>
      {spanish ? (
        <FormField label="Text in Spanish" error={errors?.messageEs?.message} description="For callers the agent spoke with in Spanish. Empty: the standard Spanish text.">
          <Textarea rows={3} maxLength={MISSED_CALL_TEXT_MAX} className={GROWS} placeholder={DEFAULT_MISSED_CALL_TEXTS.es} {...register('missedCallTexts.messageEs')} />
        </FormField>
      ) : null}
      <section aria-labelledby={`${id}-missed-calls-preview`} className="space-y-3 rounded-lg border border-border p-4">
        <h3 id={`${id}-missed-calls-preview`} className="text-sm font-semibold">
          What a caller reads
        </h3>
        <Preview language="English" text={smsBody(missedCallText(message ?? '', 'en', values), 'en')} />
        {spanish ? <Preview language="Spanish" lang="es" text={smsBody(missedCallText(messageEs ?? '', 'es', values), 'es')} /> : null}
      </section>
    </div>
  );
}

function Preview({ language, lang, text }: { language: string; lang?: string; text: string }) {
  const captionId = React.useId();
  return (
    <figure className="space-y-1" aria-labelledby={captionId}>
      <figcaption id={captionId} className="text-xs font-medium text-muted-foreground">
        In {language} · {text.length} characters
      </figcaption>
      <blockquote lang={lang} className="max-w-prose whitespace-pre-wrap rounded-2xl rounded-bl-sm bg-muted px-3 py-2 text-sm [overflow-wrap:anywhere]">
        {text}
      </blockquote>
    </figure>
  );
}
