import { Globe, MessageSquare, Phone, UserRound } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@web/components/ui/button';
import { formatRelative } from '@web/lib/format-date';
import { cn } from '@web/lib/utils';
import { deadlineOf } from '../deadline';
import { resolutionLabel, SOURCE_LABELS, TYPE_LABELS } from '../labels';
import { handoffPaths } from '@web/lib/handoff-paths';
import type { HandoffSummary } from '@contracts/handoffs';
import { DeadlineText, PriorityBadge, RequestStatusBadge, StatusBadge } from './handoff-badges';
import { formatPhone } from '@web/lib/format-phone';
import { usePractice } from '@web/lib/use-practice';

export interface HandoffRowProps {
  handoff: HandoffSummary;
  now: Date;
  showOrganization: boolean;
  onClaim?: (handoff: HandoffSummary) => void;
  claiming?: boolean;
}

/** One line of the queue: who, why, where it came from, priority and the time left. */
export function HandoffRow({ handoff: h, now, showOrganization, onClaim, claiming }: HandoffRowProps) {
  const overdue = deadlineOf(h, now).tone === 'overdue';
  const SourceIcon = h.source === 'call' ? Phone : h.source === 'staff' ? UserRound : h.source === 'sms' ? MessageSquare : Globe;
  const practice = usePractice(h.organizationId);
  const who = h.contactName || (h.contactPhone ? formatPhone(h.contactPhone, practice?.country) : null) || 'Unknown caller';
  return (
    <li
      className={cn(
        'relative flex flex-col gap-3 border-b border-border px-4 py-4 last:border-b-0 sm:flex-row sm:items-start sm:gap-4 sm:px-5',
        overdue && 'border-l-4 border-l-destructive bg-destructive-soft/60',
      )}
      data-testid="handoff-row"
    >
      <div className="min-w-0 flex-1 space-y-1.5">
        <div className="flex flex-wrap items-center gap-2">
          <PriorityBadge priority={h.priority} />
          <span className="text-xs font-medium uppercase tracking-wide text-muted-foreground">{TYPE_LABELS[h.type]}</span>
          {h.status !== 'open' ? <StatusBadge status={h.status} /> : null}
          {h.appointmentRequestStatus ? <RequestStatusBadge status={h.appointmentRequestStatus} /> : null}
        </div>
        <h3 className="text-base font-semibold leading-snug">
          <Link to={handoffPaths.handoff.href(h.id)} className="rounded-sm hover:underline focus-visible:underline">
            {who}
          </Link>
        </h3>
        <p className="line-clamp-2 text-sm text-foreground [overflow-wrap:anywhere]">{h.reason}</p>
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted-foreground">
          <span className="inline-flex items-center gap-1">
            <SourceIcon aria-hidden="true" className="size-3.5" />
            <span className="sr-only">Source: </span>
            {SOURCE_LABELS[h.source]}
          </span>
          {showOrganization ? <span>{h.organizationName}</span> : null}
          <span>Created {formatRelative(h.createdAt, now)}</span>
          <span>{h.assignee ? `Assigned to ${h.assignee.name}` : 'Unassigned'}</span>
          {h.resolution ? <span>Outcome: {resolutionLabel(h.resolution)}</span> : null}
        </p>
      </div>
      <div className="flex shrink-0 items-center justify-between gap-3 sm:flex-col sm:items-end">
        <DeadlineText handoff={h} now={now} practice={practice} />
        {h.status === 'open' && onClaim ? (
          <Button size="sm" variant="outline" loading={claiming} onClick={() => onClaim(h)} aria-label={`Claim handoff from ${who}`}>
            Claim
          </Button>
        ) : null}
      </div>
    </li>
  );
}
