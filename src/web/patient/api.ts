import type { ApiErrorCode } from '@contracts/errors';
import { patientErrorMessage } from '@domain/patient/error-messages';
import { validationMessage } from '@domain/patient/validation-messages';
import { getLocale, translate } from './i18n/i18n';

/**
 * A failed request: the error envelope of docs/API-CONVENTIONS.md. Field messages are worded
 * again from their keys in the current language, so switching languages re-words them too.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    /** The envelope's code (`@contracts/errors`), or `network` when no answer came. */
    readonly code: ApiErrorCode | 'network',
    message: string,
    readonly fieldKeys: Record<string, string> = {},
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }

  /** The message for the current language (the code's, or the server's own words). */
  text(): string {
    if (this.code === 'network') return translate('common.network');
    return patientErrorMessage(getLocale(), this.code) ?? this.message;
  }
}

/** Per-field messages in the current language. */
export function fieldMessages(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError)) return {};
  const locale = getLocale();
  return Object.fromEntries(Object.entries(error.fieldKeys).map(([k, v]) => [k, validationMessage(locale, k, v)]));
}

export async function api<T>(method: string, url: string, body?: unknown, headers: Record<string, string> = {}): Promise<T> {
  let res: Response;
  try {
    res = await fetch(url, {
      method,
      credentials: 'same-origin',
      headers: {
        accept: 'application/json',
        'accept-language': getLocale(),
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      body: body !== undefined ? JSON.stringify(body) : undefined,
    });
  } catch {
    throw new ApiError(0, 'network', 'network');
  }
  if (res.status === 204) return undefined as T;
  const data = (await res.json().catch(() => null)) as { error?: { code: ApiErrorCode; message: string; fieldKeys?: Record<string, string>; fields?: Record<string, string> } } | null;
  if (!res.ok) {
    const e = data?.error;
    const { code, message, fieldKeys, fields, ...extra } = e ?? { code: 'internal_error', message: '' };
    throw new ApiError(res.status, code, message, fieldKeys ?? fields ?? {}, extra);
  }
  return data as T;
}
