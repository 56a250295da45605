import { z } from 'zod';
import { CONTACT_FIELDS } from '../domain/outbound/column-mapping.js';
import { MAX_CSV_BYTES } from '../domain/outbound/csv-text.js';
import { CampaignSettings, CampaignView } from './outbound.js';

/**
 * A campaign from a CSV file (`/api/outbound/imports…`, PRODUCT §3 /outbound, issue 16 §3-4):
 * preview first (nothing is saved), then create the campaign with its valid contacts in one
 * transaction; the refused rows stay downloadable with their reasons
 * (`GET /api/outbound/campaigns/{id}/rejected.csv`). The CSV travels as text in JSON: the browser
 * reads and decodes the file (src/domain/outbound/csv-text.ts), the server parses it again and
 * decides.
 */

const Column = z.string().max(200, 'At most 200 characters.').nullable().optional();

/** Which column (by its header in the preview) holds which part of a contact. */
export const ColumnMapping = z
  .object(Object.fromEntries(CONTACT_FIELDS.map((f) => [f, Column])) as Record<(typeof CONTACT_FIELDS)[number], typeof Column>)
  .meta({ id: 'ColumnMapping' });
export type ColumnMapping = z.infer<typeof ColumnMapping>;

const Csv = z.string().min(1, 'Choose a CSV file.').max(MAX_CSV_BYTES, 'The file is larger than 10 MB.');

export const ImportPreviewBody = z
  .object({
    organizationId: z.uuid({ error: 'Choose an organization.' }),
    csv: Csv,
    /** Omitted: the suggested mapping. */
    mapping: ColumnMapping.optional(),
  })
  .meta({ id: 'ImportPreview' });
export type ImportPreviewBody = z.infer<typeof ImportPreviewBody>;

/** With a `text/csv` body the organization comes in the query (a JSON body names its own). */
export const ImportPreviewQuery = z.object({ organizationId: z.uuid({ error: 'Choose an organization.' }).optional() });

export const RowProblem = z.object({ code: z.string(), column: z.string().nullable(), message: z.string() });
export type RowProblem = z.infer<typeof RowProblem>;

export const PreviewRow = z.object({
  /** Spreadsheet row (the header is row 1). */
  row: z.number().int(),
  cells: z.array(z.string()),
  problems: z.array(RowProblem),
  /** The contact it becomes (when it has no problem). */
  contact: z
    .object({ name: z.string(), phone: z.string(), timeZone: z.string().nullable(), dateOfBirth: z.string().nullable() })
    .nullable(),
});
export type PreviewRow = z.infer<typeof PreviewRow>;

export const PREVIEW_SAMPLE_ROWS = 20;
export const PREVIEW_REJECTED_ROWS = 500;

export const ImportPreview = z
  .object({
    headers: z.array(z.string()),
    delimiter: z.enum([',', ';', '\t']),
    suggestedMapping: ColumnMapping,
    mapping: ColumnMapping,
    /** Per field, what is wrong with the mapping; nothing can be imported until it is empty. */
    mappingProblems: z.record(z.string(), z.string()),
    counts: z.object({ rows: z.number().int(), valid: z.number().int(), rejected: z.number().int() }),
    /** Refused rows per problem code (a row with two problems counts under both). */
    problemCounts: z.record(z.string(), z.number().int()),
    /** The first rows of the file, as they will be imported or refused. */
    sample: z.array(PreviewRow),
    /** The refused rows (the first 500), to fix in the preview. */
    rejectedRows: z.array(PreviewRow),
  })
  .meta({ id: 'ImportPreviewResult' });
export type ImportPreview = z.infer<typeof ImportPreview>;

export const CreateCampaignFromCsvBody = CampaignSettings.extend({
  organizationId: z.uuid({ error: 'Choose an organization.' }),
  csv: Csv,
  mapping: ColumnMapping,
  /** The uploaded file's name, shown with the campaign. */
  fileName: z.string().trim().max(255, 'At most 255 characters.').default(''),
}).meta({ id: 'CreateCampaignFromCsv' });
export type CreateCampaignFromCsvBody = z.input<typeof CreateCampaignFromCsvBody>;

export const CampaignImportSummary = z
  .object({
    id: z.string(),
    campaignId: z.string(),
    fileName: z.string(),
    rows: z.number().int(),
    imported: z.number().int(),
    rejected: z.number().int(),
    createdAt: z.string(),
  })
  .meta({ id: 'CampaignImport' });
export type CampaignImportSummary = z.infer<typeof CampaignImportSummary>;

export const CampaignCreatedFromCsv = z
  .object({
    campaign: CampaignView.pick({ id: true, organizationId: true, name: true, status: true, startAt: true }),
    import: CampaignImportSummary,
  })
  .meta({ id: 'CampaignCreatedFromCsv' });
export type CampaignCreatedFromCsv = z.infer<typeof CampaignCreatedFromCsv>;

export const CampaignIdParams = z.object({ id: z.string().max(200) });

/** `text/csv`: the refused rows with their row number and reason. */
export const RejectedRowsCsv = z.string().describe('CSV text (text/csv)');
