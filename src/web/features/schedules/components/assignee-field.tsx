import * as React from 'react';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { Select } from '@web/components/ui/select';
import type { Member } from '@contracts/organizations';
import type { AssigneeInput } from '@contracts/schedules';

/** The editor's form of an assignee: a person, a number being typed, or nobody (where allowed). */
export interface AssigneeDraft {
  choice: string;
  phone: string;
}

export const NOBODY = 'none';
const PHONE = 'phone';

export function assigneeDraft(a: { type: 'user' | 'phone'; userId: string | null; phone: string | null } | null): AssigneeDraft {
  if (!a) return { choice: NOBODY, phone: '' };
  return a.type === 'user' ? { choice: `user:${a.userId}`, phone: '' } : { choice: PHONE, phone: a.phone ?? '' };
}

export function assigneeInput(d: AssigneeDraft): AssigneeInput | null {
  if (d.choice === NOBODY || d.choice === '') return null;
  if (d.choice === PHONE) return { type: 'phone', phone: d.phone };
  return { type: 'user', userId: d.choice.slice('user:'.length) };
}

export interface AssigneeFieldProps {
  label: string;
  value: AssigneeDraft;
  onChange: (value: AssigneeDraft) => void;
  members: Member[];
  /** The assignee's key in the saved record; its messages are `<name>`, `<name>.userId` and `<name>.phone`. */
  name: string;
  /** The message (the form's own or the server's) for a key, if any. */
  errorOf: (key: string) => string | undefined;
  /** Offer "nobody in particular" (for "covering for"). */
  noneLabel?: string;
  description?: string;
}

/** Who: a person of the organization, or an outside phone number in international form. */
export function AssigneeField({ label, value, onChange, members, name, errorOf, noneLabel, description }: AssigneeFieldProps) {
  const phoneId = React.useId();
  const error = errorOf(name) ?? errorOf(`${name}.userId`);
  const phoneError = errorOf(`${name}.phone`);
  const knownUser = value.choice.startsWith('user:') && !members.some((m) => `user:${m.id}` === value.choice);
  return (
    <div className="space-y-3">
      <FormField label={label} error={error} description={description}>
        <Select value={value.choice} onChange={(e) => onChange({ ...value, choice: e.target.value })}>
          {noneLabel ? <option value={NOBODY}>{noneLabel}</option> : <option value="">Choose…</option>}
          {members.length ? (
            <optgroup label="People">
              {members.map((m) => (
                <option key={m.id} value={`user:${m.id}`}>
                  {m.name || m.email}
                </option>
              ))}
            </optgroup>
          ) : null}
          {knownUser ? <option value={value.choice}>Someone no longer in this organization</option> : null}
          <option value={PHONE}>An outside phone number…</option>
        </Select>
      </FormField>
      {value.choice === PHONE ? (
        <FormField label={`${label}: phone number`} error={phoneError} id={phoneId} description="International form, e.g. +1 860 555 0142.">
          <Input type="tel" autoComplete="off" value={value.phone} placeholder="+1 860 555 0142" onChange={(e) => onChange({ ...value, phone: e.target.value })} />
        </FormField>
      ) : null}
    </div>
  );
}
