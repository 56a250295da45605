import * as React from 'react';
import { Plus, Trash2 } from 'lucide-react';
import { EXPECTATION_KINDS, type Expectation, type ExpectationKind, type ScenarioBody, type ScenarioView } from '@contracts/agent-tests';
import { CALL_OUTCOMES } from '@domain/calls/vocabulary';
import { HANDOFF_TYPES } from '@domain/handoffs/state';
import { FormErrorAlert } from '@web/components/form-error-alert';
import { Button } from '@web/components/ui/button';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { Select } from '@web/components/ui/select';
import { Textarea } from '@web/components/ui/textarea';
import { isApiError } from '@web/lib/api';

export const EXPECTATION_LABELS: Record<ExpectationKind, string> = {
  appointment_request: 'An appointment request',
  handoff: 'A handoff of a type',
  urgent_handoff: 'An urgent handoff (emergency escalated)',
  no_request: 'Nothing for staff (no request, no handoff)',
  agent_said: 'The agent said…',
  transferred: 'The call was transferred (or not)',
  outcome: 'The call’s outcome',
};
const HANDOFF_LABELS: Record<string, string> = { live_transfer: 'Live transfer', callback: 'Call-back', appointment_request: 'Appointment request', message: 'Message', urgent: 'Urgent' };
const OUTCOME_LABELS: Record<string, string> = {
  appointment_requested: 'Appointment requested',
  question_answered: 'Question answered',
  transferred: 'Transferred',
  message_taken: 'Message taken',
  emergency: 'Emergency',
  voicemail: 'Voicemail',
  abandoned: 'Abandoned',
  other: 'Other',
};

interface Draft {
  name: string;
  language: 'en' | 'es';
  firstUtterance: string;
  answers: { name: string; dateOfBirth: string; reason: string; patientType: '' | 'new' | 'returning'; preferences: string; message: string; phone: string; referenceCode: string };
  yesNo: 'yes' | 'no';
  followUps: string;
  silences: string;
  callsWhen: 'any' | 'open' | 'closed';
  transferResult: 'completed' | 'no-answer' | 'busy' | 'failed';
  maxTurns: string;
  expectations: Expectation[];
}

function draftOf(s?: ScenarioView): Draft {
  const a = s?.caller.answers ?? {};
  return {
    name: s?.name ?? '',
    language: s?.caller.language ?? 'en',
    firstUtterance: s?.caller.firstUtterance ?? '',
    answers: {
      name: a.name ?? '',
      dateOfBirth: a.dateOfBirth ?? '',
      reason: a.reason ?? '',
      patientType: a.patientType ?? '',
      preferences: a.preferences ?? '',
      message: a.message ?? '',
      phone: a.phone ?? '',
      referenceCode: a.referenceCode ?? '',
    },
    yesNo: s?.caller.yesNo ?? 'yes',
    followUps: (s?.caller.followUps ?? []).join('\n'),
    silences: (s?.caller.silences ?? []).join(', '),
    callsWhen: s?.caller.callsWhen ?? 'any',
    transferResult: s?.caller.transferResult ?? 'completed',
    maxTurns: String(s?.caller.maxTurns ?? 14),
    expectations: s?.expectations ?? [{ kind: 'appointment_request', fields: {} }],
  };
}

/** The form's values as the API takes them: empty answers left out, lists split. */
function bodyOf(d: Draft): ScenarioBody {
  const answers = Object.fromEntries(Object.entries(d.answers).filter(([, v]) => v.trim() !== '')) as ScenarioBody['caller']['answers'];
  const silences = d.silences
    .split(/[\s,]+/)
    .filter(Boolean)
    .map((n) => (/^\d+$/.test(n) ? Number(n) : Number.NaN));
  return {
    name: d.name,
    caller: {
      language: d.language,
      firstUtterance: d.firstUtterance,
      answers,
      yesNo: d.yesNo,
      followUps: d.followUps.split('\n').map((l) => l.trim()).filter(Boolean),
      silences,
      callsWhen: d.callsWhen,
      transferResult: d.transferResult,
      maxTurns: Number(d.maxTurns),
    },
    expectations: d.expectations,
  };
}

function blank(kind: ExpectationKind): Expectation {
  switch (kind) {
    case 'appointment_request':
      return { kind, fields: {} };
    case 'handoff':
      return { kind, type: 'message' };
    case 'agent_said':
      return { kind, text: '' };
    case 'transferred':
      return { kind, value: true };
    case 'outcome':
      return { kind, outcome: 'appointment_requested' };
    default:
      return { kind } as Expectation;
  }
}

export interface ScenarioFormProps {
  scenario?: ScenarioView;
  pending: boolean;
  error: unknown;
  onSubmit: (body: ScenarioBody) => void;
  onCancel: () => void;
}

/**
 * A scenario: the simulated caller (what they say first, how they answer the agent's questions)
 * and what the call must leave behind. Every field is labelled; the server's message for a field
 * shows beside it.
 */
export function ScenarioForm({ scenario, pending, error, onSubmit, onCancel }: ScenarioFormProps) {
  const [d, setD] = React.useState<Draft>(() => draftOf(scenario));
  const formRef = React.useRef<HTMLFormElement>(null);
  // A refused save: the summary at the top of the form comes into view (each field says what is wrong).
  React.useEffect(() => {
    if (error) formRef.current?.scrollIntoView({ block: 'start' });
  }, [error]);
  const fields = isApiError(error) ? error.fields : {};
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setD((prev) => ({ ...prev, [key]: value }));
  const setAnswer = (key: keyof Draft['answers'], value: string) => setD((prev) => ({ ...prev, answers: { ...prev.answers, [key]: value } }));
  const setExpectation = (i: number, e: Expectation) => setD((prev) => ({ ...prev, expectations: prev.expectations.map((x, j) => (j === i ? e : x)) }));
  const err = (path: string) => fields[path];
  const firstError = (prefix: string) => Object.entries(fields).find(([k]) => k === prefix || k.startsWith(`${prefix}.`))?.[1];

  return (
    <form
      ref={formRef}
      noValidate
      aria-label={scenario ? `Edit scenario ${scenario.name}` : 'New scenario'}
      className="space-y-6"
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit(bodyOf(d));
      }}
    >
      <FormErrorAlert error={error} />
      <FormField label="Scenario name" required error={err('name')}>
        <Input value={d.name} onChange={(e) => set('name', e.target.value)} maxLength={120} placeholder="Books a follow-up" />
      </FormField>

      <fieldset className="space-y-4 rounded-lg border border-border p-4">
        <legend className="px-1 text-sm font-semibold">The caller</legend>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label="Language" error={err('caller.language')}>
            <Select value={d.language} onChange={(e) => set('language', e.target.value as Draft['language'])}>
              <option value="en">English</option>
              <option value="es">Spanish</option>
            </Select>
          </FormField>
          <FormField label="Calls" error={err('caller.callsWhen')} description="Open or closed: the office is made so for this call.">
            <Select value={d.callsWhen} onChange={(e) => set('callsWhen', e.target.value as Draft['callsWhen'])}>
              <option value="any">At the time of the run</option>
              <option value="open">While the office is open</option>
              <option value="closed">While the office is closed</option>
            </Select>
          </FormField>
        </div>
        <FormField label="Says first" required error={err('caller.firstUtterance')}>
          <Textarea rows={2} value={d.firstUtterance} onChange={(e) => set('firstUtterance', e.target.value)} maxLength={500} placeholder="I'd like to book an appointment" />
        </FormField>
        <p className="text-sm text-muted-foreground">How the caller answers what the agent asks (leave empty what this caller would not know):</p>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label="Caller’s name" error={firstError('caller.answers.name')}>
            <Input value={d.answers.name} onChange={(e) => setAnswer('name', e.target.value)} placeholder="Jane Smith" />
          </FormField>
          <FormField label="Date of birth" error={firstError('caller.answers.dateOfBirth')}>
            <Input value={d.answers.dateOfBirth} onChange={(e) => setAnswer('dateOfBirth', e.target.value)} placeholder="March 3rd 1980" />
          </FormField>
          <FormField label="Reason for the visit" error={firstError('caller.answers.reason')}>
            <Input value={d.answers.reason} onChange={(e) => setAnswer('reason', e.target.value)} placeholder="Follow-up" />
          </FormField>
          <FormField label="New or returning patient" error={firstError('caller.answers.patientType')}>
            <Select value={d.answers.patientType} onChange={(e) => setAnswer('patientType', e.target.value)}>
              <option value="">Not said</option>
              <option value="new">New patient</option>
              <option value="returning">Returning patient</option>
            </Select>
          </FormField>
          <FormField label="Preferred days and times" error={firstError('caller.answers.preferences')}>
            <Input value={d.answers.preferences} onChange={(e) => setAnswer('preferences', e.target.value)} placeholder="Weekday mornings" />
          </FormField>
          <FormField label="Phone number" error={firstError('caller.answers.phone')}>
            <Input value={d.answers.phone} onChange={(e) => setAnswer('phone', e.target.value)} inputMode="tel" />
          </FormField>
          <FormField label="Message" error={firstError('caller.answers.message')} className="sm:col-span-2">
            <Textarea rows={2} value={d.answers.message} onChange={(e) => setAnswer('message', e.target.value)} />
          </FormField>
          <FormField label="Reference code" error={firstError('caller.answers.referenceCode')}>
            <Input value={d.answers.referenceCode} onChange={(e) => setAnswer('referenceCode', e.target.value)} />
          </FormField>
          <FormField label="Answers yes-or-no questions with" error={err('caller.yesNo')}>
            <Select value={d.yesNo} onChange={(e) => set('yesNo', e.target.value as Draft['yesNo'])}>
              <option value="yes">Yes</option>
              <option value="no">No</option>
            </Select>
          </FormField>
        </div>
        <FormField label="Then says (one line each)" description="Said in order when the agent asks something else; when they run out the caller hangs up." error={firstError('caller.followUps')}>
          <Textarea rows={2} value={d.followUps} onChange={(e) => set('followUps', e.target.value)} />
        </FormField>
        <div className="grid gap-4 sm:grid-cols-3">
          <FormField label="Silent at turns" description="e.g. 2, 4" error={firstError('caller.silences')}>
            <Input value={d.silences} onChange={(e) => set('silences', e.target.value)} inputMode="numeric" />
          </FormField>
          <FormField label="A transfer" error={err('caller.transferResult')}>
            <Select value={d.transferResult} onChange={(e) => set('transferResult', e.target.value as Draft['transferResult'])}>
              <option value="completed">Someone answers</option>
              <option value="no-answer">Nobody answers</option>
              <option value="busy">The line is busy</option>
              <option value="failed">Fails</option>
            </Select>
          </FormField>
          <FormField label="Hangs up after turns" error={err('caller.maxTurns')}>
            <Input value={d.maxTurns} onChange={(e) => set('maxTurns', e.target.value)} inputMode="numeric" />
          </FormField>
        </div>
      </fieldset>

      <fieldset className="space-y-4 rounded-lg border border-border p-4">
        <legend className="px-1 text-sm font-semibold">What the call must leave behind</legend>
        {err('expectations') ? (
          <p className="text-sm font-medium text-destructive" role="alert">
            {err('expectations')}
          </p>
        ) : null}
        <ol className="space-y-4">
          {d.expectations.map((e, i) => (
            <li key={i} className="space-y-3 rounded-md bg-muted/40 p-3">
              <div className="flex items-end gap-2">
                <FormField label={`Expectation ${i + 1}`} error={err(`expectations.${i}.kind`)} className="flex-1">
                  <Select value={e.kind} onChange={(ev) => setExpectation(i, blank(ev.target.value as ExpectationKind))}>
                    {EXPECTATION_KINDS.map((k) => (
                      <option key={k} value={k}>
                        {EXPECTATION_LABELS[k]}
                      </option>
                    ))}
                  </Select>
                </FormField>
                <Button type="button" variant="ghost" size="icon" aria-label={`Remove expectation ${i + 1}`} onClick={() => set('expectations', d.expectations.filter((_, j) => j !== i))}>
                  <Trash2 />
                </Button>
              </div>
              <ExpectationFields index={i} value={e} onChange={(next) => setExpectation(i, next)} error={err} />
            </li>
          ))}
        </ol>
        <Button type="button" variant="outline" size="sm" onClick={() => set('expectations', [...d.expectations, blank('no_request')])} disabled={d.expectations.length >= 10}>
          <Plus /> Add an expectation
        </Button>
      </fieldset>

      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={pending}>
          {pending ? 'Saving…' : scenario ? 'Save scenario' : 'Add scenario'}
        </Button>
        <Button type="button" variant="outline" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

function ExpectationFields({ index, value: e, onChange, error }: { index: number; value: Expectation; onChange: (e: Expectation) => void; error: (path: string) => string | undefined }) {
  const p = `expectations.${index}`;
  switch (e.kind) {
    case 'appointment_request': {
      const f = e.fields ?? {};
      const setF = (k: keyof typeof f, v: string | boolean | undefined) => onChange({ ...e, fields: { ...f, [k]: v === '' ? undefined : v } });
      return (
        <div className="grid gap-3 sm:grid-cols-2">
          <FormField label="First name" error={error(`${p}.fields.firstName`)}>
            <Input value={f.firstName ?? ''} onChange={(ev) => setF('firstName', ev.target.value)} />
          </FormField>
          <FormField label="Last name" error={error(`${p}.fields.lastName`)}>
            <Input value={f.lastName ?? ''} onChange={(ev) => setF('lastName', ev.target.value)} />
          </FormField>
          <FormField label="Date of birth (YYYY-MM-DD)" error={error(`${p}.fields.dateOfBirth`)}>
            <Input value={f.dateOfBirth ?? ''} onChange={(ev) => setF('dateOfBirth', ev.target.value)} placeholder="1980-03-03" />
          </FormField>
          <FormField label="Reason mentions" error={error(`${p}.fields.reason`)}>
            <Input value={f.reason ?? ''} onChange={(ev) => setF('reason', ev.target.value)} />
          </FormField>
          <FormField label="Patient" error={error(`${p}.fields.isNewPatient`)}>
            <Select value={f.isNewPatient === undefined ? '' : f.isNewPatient ? 'new' : 'returning'} onChange={(ev) => setF('isNewPatient', ev.target.value === '' ? undefined : ev.target.value === 'new')}>
              <option value="">Either</option>
              <option value="new">New</option>
              <option value="returning">Returning</option>
            </Select>
          </FormField>
        </div>
      );
    }
    case 'handoff':
      return (
        <div className="grid gap-3 sm:grid-cols-2">
          <FormField label="Handoff type" error={error(`${p}.type`)}>
            <Select value={e.type} onChange={(ev) => onChange({ ...e, type: ev.target.value as typeof e.type })}>
              {HANDOFF_TYPES.map((t) => (
                <option key={t} value={t}>
                  {HANDOFF_LABELS[t]}
                </option>
              ))}
            </Select>
          </FormField>
          <FormField label="Mentions" error={error(`${p}.mentions`)}>
            <Input value={e.mentions ?? ''} onChange={(ev) => onChange({ ...e, mentions: ev.target.value || undefined })} />
          </FormField>
        </div>
      );
    case 'agent_said':
      return (
        <FormField label="Words the agent says" required error={error(`${p}.text`)}>
          <Input value={e.text} onChange={(ev) => onChange({ ...e, text: ev.target.value })} />
        </FormField>
      );
    case 'transferred':
      return (
        <FormField label="Transferred" error={error(`${p}.value`)}>
          <Select value={e.value === false ? 'no' : 'yes'} onChange={(ev) => onChange({ ...e, value: ev.target.value === 'yes' })}>
            <option value="yes">Yes</option>
            <option value="no">No</option>
          </Select>
        </FormField>
      );
    case 'outcome':
      return (
        <FormField label="Outcome" error={error(`${p}.outcome`)}>
          <Select value={e.outcome} onChange={(ev) => onChange({ ...e, outcome: ev.target.value as typeof e.outcome })}>
            {CALL_OUTCOMES.map((o) => (
              <option key={o} value={o}>
                {OUTCOME_LABELS[o]}
              </option>
            ))}
          </Select>
        </FormField>
      );
    default:
      return null;
  }
}
