/** @jsxImportSource preact */
import { isShown, type IntakeField, type IntakeSection } from '@domain/patient/intake-form';
import { Checkbox, ChoiceGroup, DateField, TextArea, TextField } from '../components/fields';
import { formatDate } from '../format';
import { useI18n, type MessageKey } from '../i18n/i18n';
import type { IntakeAnswers } from '@contracts/intake';

type Value = string | boolean | string[];

const label = (t: (k: MessageKey) => string, s: IntakeSection, f: IntakeField) => t(`intake.f.${s.id}.${f.id}` as MessageKey);
const optionLabel = (t: (k: MessageKey) => string, v: string) => t(`intake.o.${v}` as MessageKey);

function isRequired(f: IntakeField, section: Record<string, Value> | undefined): boolean {
  if (f.required || f.mustAccept) return true;
  return !!f.requiredWhen && section?.[f.requiredWhen.field] === f.requiredWhen.equals;
}

/** One section of the intake form, editable. */
export function IntakeSectionForm(p: {
  section: IntakeSection;
  answers: IntakeAnswers;
  errors: Record<string, string>;
  /** The practice's country: the order its dates are typed in. */
  country: string;
  onValue: (sectionId: string, fieldId: string, value: Value) => void;
  onCommit: (sectionId: string, fieldId: string, value: Value) => void;
}) {
  const { t } = useI18n();
  const s = p.section;
  const values = p.answers[s.id] ?? {};
  return (
    <div class="card">
      <fieldset class="space-y-5">
      <legend class="mb-1 text-lg font-semibold">{t(`intake.s.${s.id}` as MessageKey)}</legend>
      {s.fields.map((f) => {
        const id = `${s.id}.${f.id}`;
        const v = values[f.id];
        const common = { id, label: label(t, s, f), error: p.errors[id], optional: !isRequired(f, values) };
        // A conditional field is asked only while its condition is met (its answer is cleared otherwise).
        if (!isShown(f, values)) return null;
        switch (f.type) {
          case 'textarea':
            return <TextArea key={id} {...common} value={String(v ?? '')} maxLength={f.max} onValue={(x) => p.onValue(s.id, f.id, x)} onCommit={(x) => p.onCommit(s.id, f.id, x)} />;
          case 'choice':
          case 'multi':
            return (
              <ChoiceGroup
                key={id}
                {...common}
                multiple={f.type === 'multi'}
                inline={(f.options?.length ?? 0) <= 4}
                options={(f.options ?? []).map((o) => ({ value: o, label: optionLabel(t, o) }))}
                value={(v as string | string[] | undefined) ?? (f.type === 'multi' ? [] : '')}
                onCommit={(x) => p.onCommit(s.id, f.id, x)}
              />
            );
          case 'date':
            return <DateField key={id} {...common} country={p.country} value={String(v ?? '')} onValue={(x) => p.onValue(s.id, f.id, x)} onCommit={(x) => p.onCommit(s.id, f.id, x)} />;
          case 'boolean':
            return <Checkbox key={id} {...common} checked={v === true} onCommit={(x) => p.onCommit(s.id, f.id, x)} />;
          default:
            return (
              <div key={id}>
                <TextField
                  {...common}
                  hint={f.id === 'signature' ? t('intake.signatureHint') : undefined}
                  type={f.type === 'phone' ? 'tel' : 'text'}
                  inputMode={f.type === 'phone' ? 'tel' : undefined}
                  autoComplete={s.id === 'consent' ? 'name' : undefined}
                  value={String(v ?? '')}
                  maxLength={f.max}
                  onValue={(x) => p.onValue(s.id, f.id, x)}
                  onCommit={(x) => p.onCommit(s.id, f.id, x)}
                />
              </div>
            );
        }
      })}
      </fieldset>
    </div>
  );
}

/** One section, read-only (after the form was sent). */
export function IntakeSectionView({ section, answers, country }: { section: IntakeSection; answers: IntakeAnswers; country: string }) {
  const { t, locale } = useI18n();
  const values = answers[section.id] ?? {};
  const show = (f: IntakeField, v: Value | undefined): string => {
    if (v === undefined || v === '' || (Array.isArray(v) && v.length === 0)) return t('intake.notAnswered');
    if (typeof v === 'boolean') return v ? '✓' : '—';
    if (Array.isArray(v)) return v.map((x) => optionLabel(t, x)).join(', ');
    if (f.type === 'choice') return optionLabel(t, v);
    if (f.type === 'date') return formatDate(v, locale, country);
    if (f.type === 'phone') return v;
    return v;
  };
  return (
    <section aria-labelledby={`v-${section.id}`} class="card">
      <h2 id={`v-${section.id}`} class="text-lg font-semibold">
        {t(`intake.s.${section.id}` as MessageKey)}
      </h2>
      <dl class="mt-2 divide-y divide-border">
        {section.fields.filter((f) => isShown(f, values)).map((f) => (
          <div key={f.id} class="grid gap-0.5 py-2 sm:grid-cols-[14rem_1fr] sm:gap-4">
            <dt class="text-sm font-medium text-muted-foreground">{label(t, section, f)}</dt>
            <dd class="whitespace-pre-line break-words">{show(f, values[f.id])}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
