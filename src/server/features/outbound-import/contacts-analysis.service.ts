import type { ColumnMapping, ImportPreview, PreviewRow } from '../../../contracts/outbound-import.js';
import { PREVIEW_REJECTED_ROWS, PREVIEW_SAMPLE_ROWS } from '../../../contracts/outbound-import.js';
import { mappingProblems, suggestMapping } from '../../../domain/outbound/column-mapping.js';
import { readCsvTable, validateContacts, type ContactsVerdict, type CsvTable, type RejectedRow, type ValidContact } from '../../../domain/outbound/contacts-csv.js';
import { invalid } from '../../http/errors.js';

/**
 * One reading of an uploaded CSV for the preview and for the creation alike, so what the person
 * saw is what gets imported: the table, the mapping (given or suggested), and the verdict per row.
 */
export interface ContactsAnalysis {
  table: CsvTable;
  suggested: ColumnMapping;
  mapping: ColumnMapping;
  mappingProblems: Record<string, string>;
  /** Null while the mapping has problems. */
  verdict: ContactsVerdict | null;
}

/** A file that cannot be read at all is a 400 on the `csv` field with the reader's message. */
export function readUpload(csv: string): CsvTable {
  const read = readCsvTable(csv);
  if (!read.ok) throw invalid({ csv: read.error.message }, read.error.message);
  return read.table;
}

export function analyseContacts(csv: string, given: ColumnMapping | undefined, options: { country: string; doNotCall: ReadonlySet<string> }): ContactsAnalysis {
  const table = readUpload(csv);
  const suggested = suggestMapping(table.headers);
  const mapping = given ?? suggested;
  const problems = Object.fromEntries(mappingProblems(table.headers, mapping).map((p) => [p.field, p.message]));
  const verdict = Object.keys(problems).length ? null : validateContacts(table, mapping, options);
  return { table, suggested, mapping, mappingProblems: problems, verdict };
}

export function presentPreview(a: ContactsAnalysis): ImportPreview {
  const { table, verdict } = a;
  const validByRow = new Map<number, ValidContact>();
  const rejectedByRow = new Map<number, RejectedRow>();
  for (const c of verdict?.contacts.slice(0, PREVIEW_SAMPLE_ROWS) ?? []) validByRow.set(c.row, c);
  for (const r of verdict?.rejected ?? []) if (r.row < PREVIEW_SAMPLE_ROWS + 2) rejectedByRow.set(r.row, r);
  const sample: PreviewRow[] = table.rows.slice(0, PREVIEW_SAMPLE_ROWS).map((cells, i) => {
    const row = i + 2;
    const contact = validByRow.get(row);
    return {
      row,
      cells,
      problems: rejectedByRow.get(row)?.problems ?? [],
      contact: contact ? { name: contact.name, phone: contact.phone, timeZone: contact.timeZone, dateOfBirth: contact.dateOfBirth } : null,
    };
  });
  return {
    headers: table.headers,
    delimiter: table.delimiter,
    suggestedMapping: a.suggested,
    mapping: a.mapping,
    mappingProblems: a.mappingProblems,
    counts: { rows: table.rows.length, valid: verdict?.contacts.length ?? 0, rejected: verdict?.rejected.length ?? 0 },
    problemCounts: verdict?.problemCounts ?? {},
    sample,
    rejectedRows: (verdict?.rejected ?? []).slice(0, PREVIEW_REJECTED_ROWS).map((r) => ({ row: r.row, cells: r.cells, problems: r.problems, contact: null })),
  };
}
