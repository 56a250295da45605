import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { isApiError } from './api';

export interface ServerFieldErrorResult {
  /** Field errors placed beside a field of the form. */
  applied: string[];
  /** Field errors that name no field of this form (show them in the form-level alert). */
  unmatched: Record<string, string>;
}

/**
 * Places the server's per-field messages (`error.fields`, dotted paths) beside the form's
 * fields with react-hook-form's `setError`, and focuses the first one.
 *
 * `fields` lists the form's field names; `rename` maps a server field name to a form field
 * name where they differ (e.g. `{ password: 'newPassword' }`).
 */
export function applyServerFieldErrors<TFieldValues extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<TFieldValues>,
  options: { fields: ReadonlyArray<FieldPath<TFieldValues>>; rename?: Record<string, FieldPath<TFieldValues>> },
): ServerFieldErrorResult {
  const result: ServerFieldErrorResult = { applied: [], unmatched: {} };
  if (!isApiError(error)) return result;
  const known = new Set<string>(options.fields);
  let first = true;
  for (const [serverName, message] of Object.entries(error.fields)) {
    const name = (options.rename?.[serverName] ?? serverName) as FieldPath<TFieldValues>;
    if (!known.has(name)) {
      result.unmatched[serverName] = message;
      continue;
    }
    setError(name, { type: 'server', message }, { shouldFocus: first });
    first = false;
    result.applied.push(name);
  }
  return result;
}
