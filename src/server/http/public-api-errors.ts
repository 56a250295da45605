import { ErrorResponse } from '../../contracts/common.js';

/**
 * The error answers every public API route documents (docs/API-CONVENTIONS.md, "Public API").
 * The codes are in backticks: the descriptions are Markdown, where `_` would mean italics.
 */
export const publicApiErrors = {
  400: ErrorResponse.describe('`validation_failed`: a field (or the Idempotency-Key header) is not valid; `fields` names each.'),
  401: ErrorResponse.describe('`api_key_missing`, `api_key_malformed`, `api_key_invalid`, `api_key_revoked` or `api_key_expired`.'),
  403: ErrorResponse.describe('`insufficient_scope`: the key lacks the scope this route needs.'),
  404: ErrorResponse.describe('`not_found`: no such record, or one of an organization the key may not act in.'),
  409: ErrorResponse.describe('`conflict`, `invalid_transition` or `stale_version`; `idempotency_in_progress`.'),
  422: ErrorResponse.describe('`idempotency_key_reused`: the Idempotency-Key was used with a different request.'),
  429: ErrorResponse.describe('`rate_limited`: see Retry-After.'),
};
