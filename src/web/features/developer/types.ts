/** Shapes of the developer API (src/server/features/dev-tools/dev-tools.routes.ts). */

export interface OutboxMessage {
  id: string;
  organizationId: string | null;
  channel: 'email' | 'sms';
  recipient: string;
  subject: string | null;
  body: string;
  template: string;
  status: 'queued' | 'sent' | 'failed';
  attempts: number;
  lastError: string | null;
  transport: string | null;
  createdAt: string;
  /** Where the next page starts when this is the last item of a page. */
  cursor: string;
  sentAt: string | null;
}

export interface ErrorEvent {
  id: string;
  /** The reference shown to people ("N7DKZ-LDP9Z"). */
  digest: string;
  source: 'server' | 'client' | 'worker' | (string & {});
  message: string;
  stack: string | null;
  route: string | null;
  method: string | null;
  requestId: string | null;
  userId: string | null;
  statusCode: number | null;
  sentryEventId: string | null;
  createdAt: string;
  /** In lists: where the next page starts when this is the last item of a page. */
  cursor?: string;
}

export interface AuditEvent {
  id: number;
  at: string;
  actorType: string;
  actorId: string | null;
  actorLabel: string | null;
  organizationId: string | null;
  action: string;
  recordType: string | null;
  recordId: string | null;
  ipAddress: string | null;
  outcome: string;
  details: Record<string, unknown>;
}

/** One page of a newest-first list read with a `before` cursor. */
export interface CursorPage<T> {
  items: T[];
  hasMore: boolean;
}
