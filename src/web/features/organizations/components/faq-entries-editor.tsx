import * as React from 'react';
import { useFieldArray, type UseFormReturn } from 'react-hook-form';
import { MessageCircleQuestionMark, Plus, Trash2 } from 'lucide-react';
import { FAQ_LIMITS } from '@domain/faq/faq-entries';
import { Button } from '@web/components/ui/button';
import { EmptyState } from '@web/components/ui/empty-state';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { Textarea } from '@web/components/ui/textarea';
import type { OrganizationFormInput, OrganizationFormValues } from './organization-form';

/** Answers grow with their text (where the browser can), so a whole answer reads at 390 px. */
const GROWS = 'field-sizing-content max-h-72';

export interface FaqEntriesEditorProps {
  form: UseFormReturn<OrganizationFormInput, unknown, OrganizationFormValues>;
  /** The practice offers Spanish on the phone: each entry may have its Spanish question and answer. */
  spanish: boolean;
  readOnly: boolean;
}

/**
 * The practice's FAQ (issue 26 §6): a list of questions and the answers the agent gives. Each
 * entry is a group named "Question N"; adding one focuses its question, removing one moves the
 * focus to the entry that takes its place (or the add button), so it is all usable by keyboard.
 */
export function FaqEntriesEditor({ form, spanish, readOnly }: FaqEntriesEditorProps) {
  const { control, register, formState, setFocus } = form;
  const entries = useFieldArray({ control, name: 'agentSettings.faq' });
  const errors = formState.errors.agentSettings?.faq;
  const listError = errors?.root?.message ?? errors?.message;
  const addButton = React.useRef<HTMLButtonElement>(null);
  const full = entries.fields.length >= FAQ_LIMITS.entries;

  const remove = (i: number) => {
    entries.remove(i);
    const left = entries.fields.length - 1;
    setTimeout(() => {
      if (left > 0) setFocus(`agentSettings.faq.${Math.min(i, left - 1)}.question`);
      else addButton.current?.focus();
    }, 0);
  };

  return (
    <div className="space-y-4">
      <p className="text-sm text-muted-foreground">
        The agent answers callers with these, word for word. It finds the question closest to what a caller asks, so write questions and answers
        with the words callers use: parking, insurance plans, new patients, walk-ins.
      </p>
      {listError ? <p className="text-sm font-medium text-destructive">{listError}</p> : null}
      {entries.fields.length === 0 ? (
        <EmptyState
          headingLevel="h3"
          icon={MessageCircleQuestionMark}
          title="No questions yet"
          description="Callers asking about parking, insurance or directions are offered a person or a message until you add the answers here."
          className="rounded-lg border border-dashed border-border py-8"
        />
      ) : (
        <ol className="space-y-3">
          {entries.fields.map((field, i) => {
            const e = errors?.[i];
            return (
              <li key={field.id}>
                <fieldset className="min-w-0 space-y-3 rounded-lg border border-border p-3 sm:p-4">
                  <legend className="px-1 text-sm font-semibold">Question {i + 1}</legend>
                  <FormField label="Question" required error={e?.question?.message}>
                    <Input {...register(`agentSettings.faq.${i}.question`)} />
                  </FormField>
                  <FormField label="Answer" required error={e?.answer?.message}>
                    <Textarea rows={3} className={GROWS} {...register(`agentSettings.faq.${i}.answer`)} />
                  </FormField>
                  {spanish ? (
                    <>
                      <FormField label="Question in Spanish" error={e?.questionEs?.message}>
                        <Input lang="es" {...register(`agentSettings.faq.${i}.questionEs`)} />
                      </FormField>
                      <FormField label="Answer in Spanish" error={e?.answerEs?.message} description="Empty: callers speaking Spanish hear the English answer.">
                        <Textarea lang="es" rows={3} className={GROWS} {...register(`agentSettings.faq.${i}.answerEs`)} />
                      </FormField>
                    </>
                  ) : null}
                  {readOnly ? null : (
                    <div className="flex justify-end">
                      <Button type="button" variant="ghost" size="sm" onClick={() => remove(i)} aria-label={`Remove question ${i + 1}`}>
                        <Trash2 aria-hidden="true" />
                        Remove
                      </Button>
                    </div>
                  )}
                </fieldset>
              </li>
            );
          })}
        </ol>
      )}
      {readOnly ? null : (
        <div className="flex flex-wrap items-center gap-3">
          <Button
            ref={addButton}
            type="button"
            variant="outline"
            disabled={full}
            onClick={() => entries.append({ question: '', answer: '', questionEs: '', answerEs: '' }, { shouldFocus: true })}
          >
            <Plus aria-hidden="true" />
            Add a question
          </Button>
          <p className="text-sm text-muted-foreground">
            {full ? `The most an FAQ can hold is ${FAQ_LIMITS.entries} questions.` : `${entries.fields.length} of ${FAQ_LIMITS.entries} questions`}
          </p>
        </div>
      )}
    </div>
  );
}
