import * as React from 'react';
import { ChevronDown, FileJson } from 'lucide-react';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import { errorMessage } from '@web/lib/api';
import { formatDateTime, type Practice } from '@web/lib/format-date';
import { useRequestIntake, type IntakeAnswer } from '../api/get-request-intake';

function answerText(value: IntakeAnswer | undefined): string {
  if (value === undefined || value === '' || (Array.isArray(value) && value.length === 0)) return '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  return Array.isArray(value) ? value.join(', ') : value;
}

/** The patient's intake form for this request: its status, and the answers once it has any. */
export function IntakeSection({ requestId, practice }: { requestId: string; practice?: Practice }) {
  const [open, setOpen] = React.useState(false);
  const query = useRequestIntake(requestId, true);
  const id = React.useId();
  const intake = query.data?.intake ?? null;
  const status = !intake ? 'Not started' : intake.status === 'submitted' ? `Submitted ${formatDateTime(intake.submittedAt, { practice })}` : `In progress (saved ${formatDateTime(intake.updatedAt, { practice })})`;
  return (
    <section aria-labelledby={`${id}-title`} className="rounded-lg border border-border">
      <div className="flex flex-wrap items-center justify-between gap-2 px-4 py-3">
        <h3 id={`${id}-title`} className="flex items-center gap-2 text-sm font-semibold">
          Intake form
          {query.isPending ? <Spinner label="Loading the intake form" /> : <Badge variant={intake?.status === 'submitted' ? 'success' : 'neutral'}>{status}</Badge>}
        </h3>
        {intake ? (
          <Button variant="ghost" size="sm" aria-expanded={open} aria-controls={`${id}-answers`} onClick={() => setOpen(!open)}>
            {open ? 'Hide answers' : 'Show answers'}
            <ChevronDown aria-hidden="true" className={open ? 'rotate-180' : undefined} />
          </Button>
        ) : null}
      </div>
      {query.isError ? <p className="px-4 pb-3 text-sm text-destructive">{errorMessage(query.error)}</p> : null}
      {intake && open ? (
        <div id={`${id}-answers`} className="space-y-4 border-t border-border px-4 py-3">
          {query.data!.form.map((section) => (
            <div key={section.id}>
              <h4 className="mb-1 text-xs font-semibold uppercase tracking-wide text-muted-foreground">{section.text}</h4>
              <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[12rem_1fr]">
                {section.fields.map((field) => (
                  <React.Fragment key={field.id}>
                    <dt className="text-muted-foreground">{field.text}</dt>
                    <dd className="[overflow-wrap:anywhere]">{answerText(intake.answers[section.id]?.[field.id])}</dd>
                  </React.Fragment>
                ))}
              </dl>
            </div>
          ))}
          {intake.signatureName ? <p className="text-sm">Signed by {intake.signatureName}</p> : null}
          <a href={intake.fhirUrl} target="_blank" rel="noreferrer" className="inline-flex items-center gap-1.5 text-sm font-medium text-primary underline-offset-4 hover:underline">
            <FileJson aria-hidden="true" className="size-4" />
            FHIR QuestionnaireResponse
          </a>
        </div>
      ) : null}
    </section>
  );
}
