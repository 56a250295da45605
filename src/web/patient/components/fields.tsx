/** @jsxImportSource preact */
import type { ComponentChildren } from 'preact';
import { useState } from 'preact/hooks';
import { dateOrder, EXAMPLE_DATE, formatDateInput, parseDateOfBirth } from '@domain/format/date-of-birth';
import { useI18n, type MessageKey } from '../i18n/i18n';

/** Accessible form fields: a visible label, hint and error tied to the control, errors beside it. */

interface Common {
  id: string;
  label: string;
  error?: string;
  hint?: string;
  optional?: boolean;
}

const describedBy = (id: string, hint?: string, error?: string) => [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;

function Label({ id, label, optional }: { id: string; label: string; optional?: boolean }) {
  const { t } = useI18n();
  return (
    <label for={id} class="mb-1.5 block font-medium">
      {label}
      {optional && <span class="font-normal text-muted-foreground"> ({t('common.optional')})</span>}
    </label>
  );
}

export function FieldError({ id, error }: { id: string; error?: string }) {
  if (!error) return null;
  return (
    <p id={`${id}-error`} class="mt-1.5 flex items-start gap-1.5 text-sm font-medium text-destructive">
      <svg aria-hidden="true" viewBox="0 0 24 24" class="mt-0.5 size-4 shrink-0" fill="none" stroke="currentColor" stroke-width="2.5">
        <circle cx="12" cy="12" r="10" />
        <path d="M12 8v4m0 4h.01" />
      </svg>
      <span>{error}</span>
    </p>
  );
}

function Hint({ id, hint }: { id: string; hint?: string }) {
  return hint ? (
    <p id={`${id}-hint`} class="mb-1.5 text-sm text-muted-foreground">
      {hint}
    </p>
  ) : null;
}

export function TextField(
  p: Common & {
    value: string;
    onValue: (v: string) => void;
    onCommit?: (v: string) => void;
    type?: 'text' | 'date' | 'tel' | 'email';
    autoComplete?: string;
    inputMode?: 'text' | 'tel' | 'email' | 'numeric';
    maxLength?: number;
    required?: boolean;
  },
) {
  return (
    <div>
      <Label id={p.id} label={p.label} optional={p.optional} />
      <Hint id={p.id} hint={p.hint} />
      <input
        id={p.id}
        name={p.id}
        type={(p.type ?? 'text') as 'text'}
        class="field-input"
        value={p.value}
        autocomplete={p.autoComplete}
        inputMode={p.inputMode}
        maxLength={p.maxLength}
        aria-required={p.required || undefined}
        aria-invalid={p.error ? true : undefined}
        aria-describedby={describedBy(p.id, p.hint, p.error)}
        onInput={(e) => p.onValue(e.currentTarget.value)}
        onChange={(e) => p.onCommit?.(e.currentTarget.value)}
      />
      <FieldError id={p.id} error={p.error} />
    </div>
  );
}

/**
 * A date (of birth) typed in figures in the order of the practice's country — "27/03/2007" in
 * the UK, "03/27/2007" in the US — with a hint that says the order and gives an example. A
 * native date input would show the browser's order, not the practice's. `value` is the stored
 * "YYYY-MM-DD" (or, when what was typed is not a date, the text typed, which the server then
 * refuses with its message); on leaving the field a date is shown back in the practice's order,
 * so a misread day and month are seen at once.
 */
export function DateField(
  p: Common & { value: string; country: string | null | undefined; onValue: (v: string) => void; onCommit?: (v: string) => void; autoComplete?: string; required?: boolean },
) {
  const { t } = useI18n();
  const [typing, setTyping] = useState<string | null>(null);
  const read = (text: string) => parseDateOfBirth(text, p.country) ?? text.trim();
  const hint = t(`f.date.hint.${dateOrder(p.country)}` as MessageKey, { example: formatDateInput(EXAMPLE_DATE, p.country) });
  return (
    <TextField
      id={p.id}
      label={p.label}
      hint={p.hint ? `${p.hint} ${hint}` : hint}
      error={p.error}
      optional={p.optional}
      required={p.required}
      autoComplete={p.autoComplete}
      maxLength={10}
      value={typing ?? (/^\d{4}-\d{2}-\d{2}$/.test(p.value) ? formatDateInput(p.value, p.country) : p.value)}
      onValue={(text) => {
        setTyping(text);
        p.onValue(read(text));
      }}
      onCommit={(text) => {
        setTyping(null);
        p.onCommit?.(read(text));
      }}
    />
  );
}

export function TextArea(p: Common & { value: string; onValue: (v: string) => void; onCommit?: (v: string) => void; maxLength?: number; rows?: number }) {
  return (
    <div>
      <Label id={p.id} label={p.label} optional={p.optional} />
      <Hint id={p.id} hint={p.hint} />
      <textarea
        id={p.id}
        name={p.id}
        class="field-input"
        rows={p.rows ?? 3}
        value={p.value}
        maxLength={p.maxLength}
        aria-invalid={p.error ? true : undefined}
        aria-describedby={describedBy(p.id, p.hint, p.error)}
        onInput={(e) => p.onValue(e.currentTarget.value)}
        onChange={(e) => p.onCommit?.(e.currentTarget.value)}
      />
      <FieldError id={p.id} error={p.error} />
    </div>
  );
}

export function SelectField(p: Common & { value: string; options: { value: string; label: string }[]; onCommit: (v: string) => void; required?: boolean }) {
  const { t } = useI18n();
  return (
    <div>
      <Label id={p.id} label={p.label} optional={p.optional} />
      <Hint id={p.id} hint={p.hint} />
      <select
        id={p.id}
        name={p.id}
        class="field-input"
        value={p.value}
        aria-required={p.required || undefined}
        aria-invalid={p.error ? true : undefined}
        aria-describedby={describedBy(p.id, p.hint, p.error)}
        onChange={(e) => p.onCommit(e.currentTarget.value)}
      >
        <option value="">{t('common.choose')}</option>
        {p.options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <FieldError id={p.id} error={p.error} />
    </div>
  );
}

/** Radios (one of) or checkboxes (any of) in a fieldset with its legend. */
export function ChoiceGroup(
  p: Common & { multiple?: boolean; options: { value: string; label: string }[]; value: string | string[]; onCommit: (v: string | string[]) => void; inline?: boolean },
) {
  const selected = Array.isArray(p.value) ? p.value : [p.value];
  return (
    <fieldset id={p.id} tabIndex={-1} aria-describedby={describedBy(p.id, p.hint, p.error)}>
      <Legend label={p.label} optional={p.optional} />
      <Hint id={p.id} hint={p.hint} />
      <div class={p.inline ? 'flex flex-wrap gap-2' : 'grid gap-2'}>
        {p.options.map((o) => {
          const checked = selected.includes(o.value);
          const toggle = () => {
            if (!p.multiple) return p.onCommit(o.value);
            p.onCommit(checked ? selected.filter((v) => v !== o.value) : [...selected.filter(Boolean), o.value]);
          };
          return (
            <label
              key={o.value}
              class={`flex min-h-11 cursor-pointer items-center gap-3 rounded-md border px-3 py-2 ${checked ? 'border-primary bg-primary-soft' : 'border-input bg-card'}`}
            >
              <input
                type={p.multiple ? 'checkbox' : 'radio'}
                name={p.id}
                value={o.value}
                checked={checked}
                onChange={toggle}
                class="size-5 accent-[var(--color-primary)]"
              />
              <span>{o.label}</span>
            </label>
          );
        })}
      </div>
      <FieldError id={p.id} error={p.error} />
    </fieldset>
  );
}

function Legend({ label, optional }: { label: string; optional?: boolean }) {
  const { t } = useI18n();
  return (
    <legend class="mb-1.5 font-medium">
      {label}
      {optional && <span class="font-normal text-muted-foreground"> ({t('common.optional')})</span>}
    </legend>
  );
}

export function Checkbox(p: Common & { checked: boolean; onCommit: (v: boolean) => void; children?: ComponentChildren }) {
  return (
    <div>
      <label for={p.id} class="flex cursor-pointer items-start gap-3">
        <input
          id={p.id}
          name={p.id}
          type="checkbox"
          class="mt-0.5 size-5 shrink-0 accent-[var(--color-primary)]"
          checked={p.checked}
          aria-invalid={p.error ? true : undefined}
          aria-describedby={describedBy(p.id, undefined, p.error)}
          onChange={(e) => p.onCommit(e.currentTarget.checked)}
        />
        <span>{p.label}</span>
      </label>
      <FieldError id={p.id} error={p.error} />
    </div>
  );
}

/** The list of problems at the top of a form after a failed send, each a link to its field. */
export function ErrorSummary({ errors, labels }: { errors: Record<string, string>; labels: Record<string, string> }) {
  const { t } = useI18n();
  const entries = Object.entries(errors);
  if (!entries.length) return null;
  return (
    <div role="alert" tabIndex={-1} id="error-summary" class="mb-6 rounded-lg border border-red-200 bg-destructive-soft p-4 text-destructive-soft-foreground">
      <p class="font-semibold">{entries.length === 1 ? t('common.errorsOne') : t('common.errorsMany', { n: entries.length })}</p>
      <ul class="mt-2 list-disc space-y-1 pl-5 text-sm">
        {entries.map(([field, message]) => (
          <li key={field}>
            <a
              href={`#${field}`}
              class="underline underline-offset-2"
              onClick={(e) => {
                e.preventDefault();
                document.getElementById(field)?.focus();
              }}
            >
              {labels[field] ? `${labels[field].replace(/[.:]$/, '')}${labels[field].endsWith('?') ? ' ' : ': '}` : ''}
              {message}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
