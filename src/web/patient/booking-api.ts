import type { CancelResponse } from '@contracts/portal';
import type {
  BookDraftBody,
  BookDraftResponse,
  BookingOptionsResponse,
  HoldResponse,
  HoldTimeBody,
  PortalHoldBody,
  PortalHoldResponse,
  PortalMoveBody,
  PublicOpenTimesResponse,
  SubmittedVisitResponse,
} from '@contracts/public-booking';
import type { OpenTime } from '@contracts/calendars';
import { api, ApiError } from './api';

/**
 * Booking a time on the web (issue 31 §4): one function per endpoint of contracts/public-booking.ts,
 * and the open times a refused pick offers instead (`nextTimes` of a 409).
 */

const DRAFT = '/api/public/appointment-requests/draft';

export interface OpenTimesQuery {
  from?: string;
  clinicianId?: string;
  days?: number;
}

const query = (q: Record<string, string | number | undefined>) => {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(q)) if (v !== undefined && v !== '') params.set(k, String(v));
  return params.toString();
};

export const bookingOptions = (slug: string) => api<BookingOptionsResponse>('GET', `/api/public/practices/${encodeURIComponent(slug)}/booking`);
export const openTimes = (slug: string, visitTypeId: string, q: OpenTimesQuery) =>
  api<PublicOpenTimesResponse>('GET', `/api/public/practices/${encodeURIComponent(slug)}/open-times?${query({ visitTypeId, ...q })}`);
export const currentHold = () => api<HoldResponse>('GET', `${DRAFT}/hold`);
export const holdTime = (body: HoldTimeBody) => api<HoldResponse>('POST', `${DRAFT}/hold`, body);
export const releaseHold = () => api<HoldResponse>('DELETE', `${DRAFT}/hold`);
export const bookDraft = (body: BookDraftBody) => api<BookDraftResponse>('POST', `${DRAFT}/book`, body);
export const submittedVisit = () => api<SubmittedVisitResponse>('GET', '/api/public/appointment-requests/submitted/visit');

export const portalOpenTimes = (requestId: string, q: OpenTimesQuery) => api<PublicOpenTimesResponse>('GET', `/api/portal/requests/${requestId}/visit/open-times?${query({ ...q })}`);
export const portalHold = (requestId: string, body: PortalHoldBody) => api<PortalHoldResponse>('POST', `/api/portal/requests/${requestId}/visit/hold`, body);
export const portalMove = (requestId: string, body: PortalMoveBody) => api<CancelResponse>('POST', `/api/portal/requests/${requestId}/visit/move`, body);

/** A refused pick's next open times (409 slot_taken / slot_unavailable), or none. */
export function nextTimesOf(error: unknown): OpenTime[] {
  if (!(error instanceof ApiError) || (error.code !== 'slot_taken' && error.code !== 'slot_unavailable')) return [];
  const next = error.extra.nextTimes;
  return Array.isArray(next) ? (next as OpenTime[]) : [];
}
