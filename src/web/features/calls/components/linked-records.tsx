import { CalendarCheck, Inbox } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '@web/components/ui/badge';
import { formatDateTime, formatRelative, type Practice } from '@web/lib/format-date';
import { useNow } from '@web/lib/use-live-invalidation';
import { HANDOFF_STATUS_LABELS, HANDOFF_TYPE_LABELS, REQUEST_STATUS_LABELS } from '@web/lib/call-labels';
import type { LinkedAppointmentRequest, LinkedHandoff } from '@contracts/calls';
import { PriorityBadge } from './call-badges';

/** Handoffs made from this call (by the agent or by staff), each a link to its page in the queue for those who work it. */
export function LinkedHandoffs({ handoffs, handoffHref, practice }: { handoffs: LinkedHandoff[]; handoffHref?: (id: string) => string; practice?: Practice }) {
  const now = useNow(60_000);
  if (handoffs.length === 0) return <p className="text-sm text-muted-foreground">No handoffs from this call.</p>;
  return (
    <ul className="space-y-2">
      {handoffs.map((h) => {
        const open = h.status === 'open' || h.status === 'claimed';
        const overdue = open && Date.parse(h.dueAt) < now;
        return (
          <li key={h.id} className="rounded-lg border border-border p-3">
            <div className="flex flex-wrap items-center gap-2">
              <Inbox aria-hidden="true" className="size-4 text-muted-foreground" />
              {handoffHref ? (
                <Link to={handoffHref(h.id)} className="font-medium underline-offset-4 hover:underline">
                  {HANDOFF_TYPE_LABELS[h.type]}
                </Link>
              ) : (
                <span className="font-medium">{HANDOFF_TYPE_LABELS[h.type]}</span>
              )}
              <PriorityBadge priority={h.priority} />
              <Badge variant={open ? 'info' : 'neutral'}>{HANDOFF_STATUS_LABELS[h.status]}</Badge>
            </div>
            <p className="mt-1 text-sm [overflow-wrap:anywhere]">{h.reason}</p>
            <p className="mt-1 text-xs text-muted-foreground">
              {open ? (
                <>
                  <span className={overdue ? 'font-semibold text-destructive' : undefined}>
                    {overdue ? 'Overdue' : 'Due'} {formatRelative(h.dueAt)}
                  </span>{' '}
                  ({formatDateTime(h.dueAt, { practice })})
                </>
              ) : (
                <>Created {formatDateTime(h.createdAt, { practice })}</>
              )}
              {h.assigneeName ? ` · ${h.assigneeName}` : ''}
              {h.resolution ? ` · ${h.resolution}` : ''}
            </p>
          </li>
        );
      })}
    </ul>
  );
}

export function LinkedAppointmentRequests({ requests, practice }: { requests: LinkedAppointmentRequest[]; practice?: Practice }) {
  if (requests.length === 0) return <p className="text-sm text-muted-foreground">No appointment requests from this call.</p>;
  return (
    <ul className="space-y-2">
      {requests.map((r) => (
        <li key={r.id} className="rounded-lg border border-border p-3">
          <div className="flex flex-wrap items-center gap-2">
            <CalendarCheck aria-hidden="true" className="size-4 text-muted-foreground" />
            <span className="font-medium">{[r.firstName, r.lastName].filter(Boolean).join(' ') || 'Appointment request'}</span>
            <Badge variant="outline">{REQUEST_STATUS_LABELS[r.status]}</Badge>
          </div>
          <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 text-sm">
            {r.referenceCode ? (
              <>
                <dt className="text-muted-foreground">Reference</dt>
                <dd className="font-mono">{r.referenceCode}</dd>
              </>
            ) : null}
            {r.reason ? (
              <>
                <dt className="text-muted-foreground">Reason</dt>
                <dd className="[overflow-wrap:anywhere]">{r.reason}</dd>
              </>
            ) : null}
            <dt className="text-muted-foreground">Submitted</dt>
            <dd>{r.submittedAt ? formatDateTime(r.submittedAt, { practice }) : 'Not yet'}</dd>
          </dl>
        </li>
      ))}
    </ul>
  );
}
