import { Badge, type BadgeProps } from '@web/components/ui/badge';
import { cn } from '@web/lib/utils';
import { OUTCOME_LABELS, PRIORITY_LABELS, STATUS_LABELS } from '@web/lib/call-labels';
import type { CallOutcome, CallStatus } from '@contracts/calls';
import type { HandoffPriority } from '@contracts/handoffs';

/** A call still going on: a pulsing dot (still for people who ask for less motion) and "Live". */
export function LiveBadge({ className }: { className?: string }) {
  return (
    <Badge variant="destructive" className={cn('gap-1.5', className)}>
      <span aria-hidden="true" className="relative flex size-2">
        <span className="absolute inline-flex size-full animate-ping rounded-full bg-red-500 opacity-75 motion-reduce:animate-none" />
        <span className="relative inline-flex size-2 rounded-full bg-red-600" />
      </span>
      Live
    </Badge>
  );
}

const STATUS_VARIANT: Record<CallStatus, BadgeProps['variant']> = {
  ringing: 'info',
  in_progress: 'info',
  completed: 'success',
  no_answer: 'warning',
  busy: 'warning',
  failed: 'destructive',
  canceled: 'neutral',
};

export function CallStatusBadge({ status }: { status: CallStatus }) {
  return <Badge variant={STATUS_VARIANT[status]}>{STATUS_LABELS[status]}</Badge>;
}

export function OutcomeBadge({ outcome }: { outcome: CallOutcome | null }) {
  if (!outcome) return <span className="text-muted-foreground">—</span>;
  return <Badge variant={outcome === 'emergency' ? 'destructive' : 'outline'}>{OUTCOME_LABELS[outcome]}</Badge>;
}

/** An inbound call that completed with no caller turn: not answered (PRODUCT §6), said plainly. */
export function HungUpBeforeSpeaking() {
  return <span className="text-xs font-medium text-muted-foreground">Hung up before speaking</span>;
}

const PRIORITY_VARIANT: Record<HandoffPriority, BadgeProps['variant']> = { urgent: 'destructive', high: 'warning', normal: 'info', low: 'neutral' };

export function PriorityBadge({ priority }: { priority: HandoffPriority }) {
  return <Badge variant={PRIORITY_VARIANT[priority]}>{PRIORITY_LABELS[priority]}</Badge>;
}
