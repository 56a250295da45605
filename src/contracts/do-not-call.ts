import { z } from 'zod';
import { TimeCursor } from './developer.js';

/**
 * An organization's do-not-call list (`/api/organizations/{id}/do-not-call…`, PRODUCT §3
 * /outbound): numbers the phone agent, campaigns and single calls must never dial. Supervisors and
 * administrators read and change it (not developers: patients' numbers, PRODUCT §2); every change is audited with its reason.
 */

export const DoNotCallParams = z.object({ id: z.string().max(200) });
export const DoNotCallEntryParams = z.object({ id: z.string().max(200), entryId: z.string().max(200) });

export const DoNotCallSource = z.enum(['call', 'staff', 'import', 'sms']);
export type DoNotCallSource = z.infer<typeof DoNotCallSource>;

export const DoNotCallListQuery = z.object({
  /** Digits of the number, or words of the reason. */
  q: z.string().trim().max(100).optional(),
  cursor: TimeCursor,
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type DoNotCallListQuery = z.infer<typeof DoNotCallListQuery>;

export const DoNotCallEntry = z
  .object({
    id: z.string(),
    organizationId: z.string(),
    /** E.164. */
    phone: z.string(),
    reason: z.string(),
    source: DoNotCallSource,
    /** The call in which the caller asked, when the phone agent added it. */
    callId: z.string().nullable(),
    createdAt: z.string(),
    /** Pass as `cursor` to read the entries after this one. */
    cursor: z.string(),
  })
  .meta({ id: 'DoNotCallEntry' });
export type DoNotCallEntry = z.infer<typeof DoNotCallEntry>;

export const DoNotCallList = z.object({ items: z.array(DoNotCallEntry), nextCursor: z.string().nullable() }).meta({ id: 'DoNotCallList' });
export type DoNotCallList = z.infer<typeof DoNotCallList>;

const Reason = z.string().trim().min(1, 'Say why (it is kept in the audit log).').max(500, 'At most 500 characters.');

export const AddDoNotCallBody = z
  .object({
    phone: z.string().trim().min(1, 'Enter a phone number.').max(40, 'At most 40 characters.'),
    reason: Reason,
  })
  .meta({ id: 'AddDoNotCall' });
export type AddDoNotCallBody = z.infer<typeof AddDoNotCallBody>;

export const RemoveDoNotCallBody = z.object({ reason: Reason }).meta({ id: 'RemoveDoNotCall' });
export type RemoveDoNotCallBody = z.infer<typeof RemoveDoNotCallBody>;

/** About 10 MB of CSV in a JSON string (the route's own body limit is a little above it). */
export const MAX_IMPORT_CSV_CHARS = 10 * 1024 * 1024;

export const ImportDoNotCallBody = z
  .object({
    /** CSV text: a column of numbers (a header such as "phone" is recognised), optionally a "reason" column. */
    csv: z.string().min(1, 'Choose a CSV file.').max(MAX_IMPORT_CSV_CHARS, 'The file is larger than 10 MB.'),
    /** Used for rows without a reason of their own. */
    reason: Reason,
  })
  .meta({ id: 'ImportDoNotCall' });
export type ImportDoNotCallBody = z.infer<typeof ImportDoNotCallBody>;

export const DoNotCallImportResult = z
  .object({
    added: z.number().int(),
    alreadyListed: z.number().int(),
    /** Rows that are not a phone number (first 200), with why. */
    rejected: z.array(z.object({ row: z.number().int(), value: z.string(), message: z.string() })),
    rejectedCount: z.number().int(),
  })
  .meta({ id: 'DoNotCallImportResult' });
export type DoNotCallImportResult = z.infer<typeof DoNotCallImportResult>;

export const DoNotCallRemoved = z.null();
