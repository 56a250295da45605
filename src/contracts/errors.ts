import { CSV_FILE_ERROR_CODES } from '../domain/outbound/csv-text.js';

/**
 * Every `error.code` the API answers with, in the one error envelope (`ErrorResponse`,
 * docs/API-CONVENTIONS.md), grouped by the status it comes with. The server's `AppError` and
 * `errorEnvelope` take only these, so a new code is added here first; the web's `ApiError` and
 * the patient pages read them. The envelope's schema keeps `code: string`, so a code added here
 * changes no answer and no OpenAPI document.
 */
export const API_ERROR_CODES = [
  // 400
  'validation_failed',
  'bad_request',
  'bad_url',
  'malformed_body',
  'challenge_ended',
  'code_already_used',
  'code_expired',
  'invalid_code',
  'link_invalid',
  'link_used',
  'link_expired',
  'rejected',
  // A do-not-call import whose file cannot be read: `csv_` and the reason (domain/outbound/csv-text.ts).
  ...CSV_FILE_ERROR_CODES.map((code) => `csv_${code}` as const),
  // 401
  'unauthenticated',
  'session_expired',
  'patient_session_expired',
  'invalid_credentials',
  'api_key_missing',
  'api_key_malformed',
  'api_key_invalid',
  'api_key_revoked',
  'api_key_expired',
  // 403
  'forbidden',
  'password_change_required',
  'two_factor_setup_required',
  'csrf_rejected',
  'account_disabled',
  'insufficient_scope',
  // 404
  'not_found',
  'practice_not_found',
  'draft_not_found',
  'intake_link_invalid',
  // 406
  'not_acceptable',
  // 408
  'request_timeout',
  // 409
  'conflict',
  'invalid_transition',
  'stale_version',
  'already_submitted',
  'already_claimed',
  'already_asked',
  'requests_disabled',
  'two_factor_required',
  'last_admin',
  'intake_submitted',
  'visit_canceled',
  'visit_started',
  'visit_changed',
  'idempotency_in_progress',
  'no_number',
  'not_textable',
  'opted_out',
  // Booking a clinician's time (decision 050): the time was just taken by another booking; the time
  // is not open (outside availability, too soon, too far ahead); the visit type is closed to new
  // patients booking themselves.
  'slot_taken',
  'slot_unavailable',
  'new_patients_not_booked',
  // A patient booking on the web (decision 055): no time is held for this request (choose one
  // first); a booked visit is too close to change online (the visit type's minimum notice).
  'hold_not_found',
  'change_too_late',
  // Saving agent settings on which a required agent-test suite's latest run failed, without the
  // second confirmation (decision 056, addendum); the envelope's `suites` names them.
  'required_suite_failing',
  // 410
  'intake_link_expired',
  // 413, 414, 415
  'payload_too_large',
  'uri_too_long',
  'unsupported_media_type',
  // 422
  'idempotency_key_reused',
  // 423
  'account_locked',
  // 429
  'rate_limited',
  'resend_too_soon',
  'reply_too_soon',
  // 431
  'headers_too_large',
  // 500, 502, 503
  'internal_error',
  'recording_unavailable',
  'telephony_not_configured',
] as const;
export type ApiErrorCode = (typeof API_ERROR_CODES)[number];
