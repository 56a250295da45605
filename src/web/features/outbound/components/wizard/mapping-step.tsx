import type { ColumnMapping, ImportPreview } from '@contracts/outbound-import';
import { CONTACT_FIELDS, CONTACT_FIELD_LABELS } from '@domain/outbound/column-mapping';
import { Button } from '@web/components/ui/button';
import { FormField } from '@web/components/ui/form-field';
import { Select } from '@web/components/ui/select';

const REQUIRED_NOTE: Partial<Record<keyof ColumnMapping, string>> = {
  phone: 'Required.',
  name: 'A full-name column, or first and last name columns.',
  timeZone: 'Optional: IANA names such as America/Chicago. Without it, the zone comes from the number, else the practice’s.',
};

/** Step 2: which column holds what; the suggestion is preselected. */
export function MappingStep({ preview, mapping, onChange, onBack, onNext, pending }: { preview: ImportPreview; mapping: ColumnMapping; onChange: (mapping: ColumnMapping) => void; onBack: () => void; onNext: () => void; pending: boolean }) {
  const extra = preview.headers.filter((h) => !Object.values(mapping).includes(h));
  return (
    <div className="space-y-4">
      <p className="text-sm text-muted-foreground">
        {preview.counts.rows.toLocaleString()} rows, {preview.headers.length} columns, separated by {preview.delimiter === '\t' ? 'tabs' : `“${preview.delimiter}”`}.
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        {CONTACT_FIELDS.map((field) => (
          <FormField key={field} label={CONTACT_FIELD_LABELS[field]} description={REQUIRED_NOTE[field]} error={preview.mappingProblems[field]}>
            <Select value={mapping[field] ?? ''} onChange={(e) => onChange({ ...mapping, [field]: e.target.value || null })}>
              <option value="">— not in the file —</option>
              {preview.headers.map((h) => (
                <option key={h} value={h}>
                  {h}
                </option>
              ))}
            </Select>
          </FormField>
        ))}
      </div>
      {extra.length ? <p className="text-sm text-muted-foreground">Kept with each contact for the agent’s instructions: {extra.join(', ')}.</p> : null}
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" onClick={onBack}>
          Back
        </Button>
        <Button onClick={onNext} loading={pending}>
          Check the rows
        </Button>
      </div>
    </div>
  );
}
