import type { FhirOperationOutcome } from '../../../contracts/fhir.js';
import { ERROR_SYSTEM } from '../../../domain/fhir/scheduling-codes.js';

/**
 * Errors as FHIR says them (decision 051). Every error of the API is made once, in the one error
 * envelope (`{ error: { code, message, fields? } }`, error-handler.ts), and the FHIR scope turns
 * that envelope into an OperationOutcome on its way out — so rate limits, key checks, validation
 * and unexpected errors (with their digest) read the same here as everywhere else.
 */

type Issue = FhirOperationOutcome['issue'][number];

/** FHIR's issue type for an HTTP status (R4 IssueType). */
function issueType(status: number): string {
  if (status === 400) return 'invalid';
  if (status === 401) return 'login';
  if (status === 403) return 'forbidden';
  if (status === 404) return 'not-found';
  if (status === 405 || status === 415 || status === 406) return 'not-supported';
  if (status === 409) return 'conflict';
  if (status === 413 || status === 414 || status === 431) return 'too-costly';
  if (status === 422) return 'business-rule';
  if (status === 423) return 'lock-error';
  if (status === 429) return 'throttled';
  if (status >= 500) return 'exception';
  return 'processing';
}

export interface ErrorEnvelope {
  code: string;
  message: string;
  fields?: Record<string, string>;
  digest?: string;
  /** Slots offered instead of one just taken (the FHIR services add them to a 409). */
  nextSlots?: { reference: string; start: string; display: string }[];
  [key: string]: unknown;
}

export function operationOutcomeOf(status: number, error: ErrorEnvelope): FhirOperationOutcome {
  const severity = status >= 500 ? 'fatal' : 'error';
  const details = { coding: [{ system: ERROR_SYSTEM, code: error.code }], text: error.message };
  const issues: Issue[] = [];
  const fields = Object.entries(error.fields ?? {});
  if (fields.length > 0) {
    for (const [field, message] of fields) issues.push({ severity, code: issueType(status), details, diagnostics: `${field}: ${message}`, expression: [field] });
  } else {
    issues.push({ severity, code: issueType(status), details, diagnostics: error.message });
  }
  for (const next of error.nextSlots ?? []) {
    issues.push({ severity: 'information', code: 'informational', details: { text: next.reference }, diagnostics: `Open instead: ${next.display} (${next.start}), ${next.reference}.` });
  }
  return { resourceType: 'OperationOutcome', issue: issues };
}

/** An outcome that is not an error: a note inside a search Bundle (search.mode `outcome`). */
export function informationOutcome(text: string, code = 'informational'): FhirOperationOutcome {
  return { resourceType: 'OperationOutcome', issue: [{ severity: 'information', code, diagnostics: text }] };
}
