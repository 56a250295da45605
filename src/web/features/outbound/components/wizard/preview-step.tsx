import * as React from 'react';
import type { ImportPreview, PreviewRow } from '@contracts/outbound-import';
import { Alert } from '@web/components/ui/alert';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { formatPhone } from '@web/lib/format-phone';

const PROBLEM_LABELS: Record<string, string> = {
  missing_phone: 'No phone number',
  bad_number: 'Bad number',
  missing_name: 'No name',
  name_too_long: 'Name too long',
  formula: 'Formula cell',
  duplicate: 'Duplicate number',
  do_not_call: 'On the do-not-call list',
  bad_time_zone: 'Unknown time zone',
  bad_date_of_birth: 'Bad date of birth',
};

/**
 * Step 3: what will be imported and what will not, and why. A refused row can be fixed here
 * (the corrected file is checked again), or left out: it stays downloadable after creation.
 */
export function PreviewStep({ preview, pending, onFixRow, onBack, onNext }: { preview: ImportPreview; pending: boolean; onFixRow: (row: number, cells: string[]) => void; onBack: () => void; onNext: () => void }) {
  const [editing, setEditing] = React.useState<number | null>(null);
  const { counts } = preview;
  return (
    <div className="space-y-4">
      <div className="grid gap-3 sm:grid-cols-3" aria-live="polite">
        <Figure label="Rows in the file" value={counts.rows} />
        <Figure label="Will be called" value={counts.valid} tone="good" />
        <Figure label="Refused" value={counts.rejected} tone={counts.rejected ? 'bad' : undefined} />
      </div>
      {Object.keys(preview.problemCounts).length ? (
        <p className="flex flex-wrap gap-2 text-sm">
          {Object.entries(preview.problemCounts).map(([code, n]) => (
            <Badge key={code} variant="warning">
              {PROBLEM_LABELS[code] ?? code}: {n}
            </Badge>
          ))}
        </p>
      ) : null}

      {preview.rejectedRows.length ? (
        <section aria-labelledby="refused-heading" className="space-y-2">
          <h3 id="refused-heading" className="font-semibold">
            Refused rows{counts.rejected > preview.rejectedRows.length ? ` (first ${preview.rejectedRows.length} of ${counts.rejected})` : ''}
          </h3>
          <ul className="divide-y divide-border overflow-hidden rounded-xl border border-border bg-card">
            {preview.rejectedRows.map((r) => (
              <li key={r.row} className="space-y-2 px-4 py-3">
                <div className="flex flex-wrap items-start justify-between gap-2">
                  <div className="min-w-0">
                    <p className="text-sm font-medium">Row {r.row}</p>
                    <p className="break-words text-sm text-muted-foreground">{r.cells.filter(Boolean).join(' · ')}</p>
                    <ul className="mt-1 space-y-0.5 text-sm text-destructive">
                      {r.problems.map((p, i) => (
                        <li key={i}>{p.message}</li>
                      ))}
                    </ul>
                  </div>
                  {editing !== r.row ? (
                    <Button variant="outline" size="sm" onClick={() => setEditing(r.row)} aria-label={`Fix row ${r.row}`}>
                      Fix this row
                    </Button>
                  ) : null}
                </div>
                {editing === r.row ? (
                  <RowEditor
                    headers={preview.headers}
                    row={r}
                    pending={pending}
                    onCancel={() => setEditing(null)}
                    onSave={(cells) => {
                      setEditing(null);
                      onFixRow(r.row, cells);
                    }}
                  />
                ) : null}
              </li>
            ))}
          </ul>
        </section>
      ) : (
        <Alert variant="success" title="Every row can be imported" />
      )}

      <section aria-labelledby="sample-heading" className="space-y-2">
        <h3 id="sample-heading" className="font-semibold">
          First rows
        </h3>
        <div className="overflow-x-auto rounded-xl border border-border bg-card">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">The first rows of the file and what each becomes</caption>
            <thead>
              <tr className="border-b border-border">
                <th scope="col" className="px-3 py-2">
                  Row
                </th>
                <th scope="col" className="px-3 py-2">
                  Contact
                </th>
                <th scope="col" className="px-3 py-2">
                  Number
                </th>
                <th scope="col" className="px-3 py-2">
                  Result
                </th>
              </tr>
            </thead>
            <tbody>
              {preview.sample.map((r) => (
                <tr key={r.row} className="border-b border-border last:border-0">
                  <td className="px-3 py-2 tabular-nums">{r.row}</td>
                  <td className="px-3 py-2">{r.contact?.name ?? r.cells.filter(Boolean).slice(0, 2).join(' ')}</td>
                  <td className="px-3 py-2 tabular-nums">{r.contact ? formatPhone(r.contact.phone) : '—'}</td>
                  <td className="px-3 py-2">{r.problems.length ? <Badge variant="warning">{PROBLEM_LABELS[r.problems[0]!.code] ?? 'Refused'}</Badge> : <Badge variant="success">Will be called</Badge>}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>

      <div className="flex flex-wrap gap-2">
        <Button variant="outline" onClick={onBack}>
          Back to the columns
        </Button>
        <Button onClick={onNext} disabled={counts.valid === 0}>
          {counts.rejected ? `Continue without the ${counts.rejected} refused rows` : 'Continue'}
        </Button>
      </div>
    </div>
  );
}

function Figure({ label, value, tone }: { label: string; value: number; tone?: 'good' | 'bad' }) {
  return (
    <div className="rounded-xl border border-border bg-card p-3">
      <p className="text-sm text-muted-foreground">{label}</p>
      <p className={`text-2xl font-semibold tabular-nums ${tone === 'bad' ? 'text-destructive' : tone === 'good' ? 'text-success' : ''}`}>{value.toLocaleString()}</p>
    </div>
  );
}

function RowEditor({ headers, row, pending, onCancel, onSave }: { headers: string[]; row: PreviewRow; pending: boolean; onCancel: () => void; onSave: (cells: string[]) => void }) {
  const [cells, setCells] = React.useState(row.cells);
  const id = React.useId();
  return (
    <form
      className="space-y-3 rounded-lg bg-muted/50 p-3"
      aria-label={`Fix row ${row.row}`}
      onSubmit={(e) => {
        e.preventDefault();
        onSave(cells);
      }}
    >
      <div className="grid gap-3 sm:grid-cols-2">
        {headers.map((h, i) => (
          <div key={h} className="space-y-1">
            <Label htmlFor={`${id}-${i}`}>{h}</Label>
            <Input id={`${id}-${i}`} value={cells[i] ?? ''} autoFocus={i === 0} onChange={(e) => setCells(cells.map((c, j) => (j === i ? e.target.value : c)))} />
          </div>
        ))}
      </div>
      <div className="flex gap-2">
        <Button type="submit" size="sm" loading={pending}>
          Save and check again
        </Button>
        <Button variant="outline" size="sm" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
