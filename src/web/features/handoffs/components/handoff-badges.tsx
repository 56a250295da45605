import { AlarmClock, CircleAlert, Clock } from 'lucide-react';
import { formatDateTime, type Practice } from '@web/lib/format-date';
import { Badge } from '@web/components/ui/badge';
import { cn } from '@web/lib/utils';
import { deadlineOf } from '../deadline';
import { PRIORITY_LABELS, REQUEST_STATUS_LABELS, STATUS_LABELS } from '../labels';
import type { AppointmentStatus } from '@domain/appointment-requests/state';
import type { HandoffPriority, HandoffStatus, HandoffSummary } from '@contracts/handoffs';

const PRIORITY_VARIANTS = { urgent: 'destructive', high: 'warning', normal: 'info', low: 'neutral' } as const;

export function PriorityBadge({ priority }: { priority: HandoffPriority }) {
  return (
    <Badge variant={PRIORITY_VARIANTS[priority]}>
      {priority === 'urgent' ? <CircleAlert aria-hidden="true" /> : null}
      <span className="sr-only">Priority: </span>
      {PRIORITY_LABELS[priority]}
    </Badge>
  );
}

const STATUS_VARIANTS = { open: 'default', claimed: 'info', resolved: 'success', canceled: 'neutral' } as const;

export function StatusBadge({ status }: { status: HandoffStatus }) {
  return (
    <Badge variant={STATUS_VARIANTS[status]}>
      <span className="sr-only">Status: </span>
      {STATUS_LABELS[status]}
    </Badge>
  );
}

const REQUEST_VARIANTS = { draft: 'neutral', submitted: 'default', in_review: 'info', scheduled: 'success', declined: 'warning', canceled: 'neutral' } as const;

export function RequestStatusBadge({ status }: { status: AppointmentStatus }) {
  return (
    <Badge variant={REQUEST_VARIANTS[status]}>
      <span className="sr-only">Request status: </span>
      {REQUEST_STATUS_LABELS[status]}
    </Badge>
  );
}

/** The countdown to the deadline; overdue reads in red with an icon, so it does not rely on colour. */
export function DeadlineText({ handoff, now, className, practice }: { handoff: Pick<HandoffSummary, 'status' | 'dueAt' | 'createdAt'>; now: Date; className?: string; practice?: Practice }) {
  const d = deadlineOf(handoff, now);
  if (d.tone === 'done') return null;
  const Icon = d.tone === 'overdue' ? AlarmClock : Clock;
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 whitespace-nowrap text-sm tabular-nums',
        d.tone === 'overdue' && 'font-semibold text-destructive',
        d.tone === 'soon' && 'font-medium text-warning-soft-foreground',
        d.tone === 'ok' && 'text-muted-foreground',
        className,
      )}
      title={`Deadline ${formatDateTime(handoff.dueAt, { practice })}`}
    >
      <Icon aria-hidden="true" className="size-4 shrink-0" />
      {d.text}
    </span>
  );
}
