import { Inbox } from 'lucide-react';
import { usePractices } from '@web/lib/use-practice';
import { Link } from 'react-router';
import { Badge } from '@web/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { cn } from '@web/lib/utils';
import type { OverviewHandoff, OverviewResponse } from '@contracts/overview';
import { SlaCountdown } from './sla-countdown';

const PRIORITIES: { id: OverviewHandoff['priority']; label: string; className: string }[] = [
  { id: 'urgent', label: 'Urgent', className: 'bg-destructive-soft text-destructive-soft-foreground' },
  { id: 'high', label: 'High', className: 'bg-warning-soft text-warning-soft-foreground' },
  { id: 'normal', label: 'Normal', className: 'bg-info-soft text-info-soft-foreground' },
  { id: 'low', label: 'Low', className: 'bg-muted text-muted-foreground' },
];

const TYPE_LABELS: Record<OverviewHandoff['type'], string> = {
  live_transfer: 'Live transfer',
  callback: 'Callback',
  appointment_request: 'Appointment request',
  message: 'Message',
  urgent: 'Urgent case',
};

/** The open work by priority, and the most pressing items with their SLA clocks. */
export function OpenHandoffsCard({
  handoffs,
  now,
  showOrganization,
  handoffHref,
  queueHref,
}: {
  handoffs: OverviewResponse['openHandoffs'];
  now: number;
  showOrganization: boolean;
  handoffHref: (id: string) => string;
  queueHref: string;
}) {
  const practiceOf = usePractices();
  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-2">
        <div className="space-y-1.5">
          <CardTitle>Open handoffs</CardTitle>
          <CardDescription>
            {handoffs.total === 0
              ? 'Nothing waiting for people.'
              : `${handoffs.total.toLocaleString()} waiting${handoffs.overdue ? `, ${handoffs.overdue.toLocaleString()} overdue` : ''}.`}
          </CardDescription>
        </div>
        <Link to={queueHref} className="text-sm font-medium text-primary underline-offset-4 hover:underline">
          Open the queue
        </Link>
      </CardHeader>
      <CardContent className="space-y-4">
        <ul className="grid grid-cols-4 gap-2" aria-label="Open handoffs by priority">
          {PRIORITIES.map((p) => (
            <li key={p.id} className={cn('rounded-lg px-2 py-2 text-center', p.className)}>
              <span className="block text-xl font-semibold tabular-nums">{handoffs.byPriority[p.id].toLocaleString()}</span>
              <span className="text-xs font-medium">{p.label}</span>
            </li>
          ))}
        </ul>
        {handoffs.items.length === 0 ? (
          <div className="flex flex-col items-center py-4 text-center text-sm text-muted-foreground">
            <Inbox aria-hidden="true" className="mb-2 size-6" />
            The queue is empty.
          </div>
        ) : (
          <ul className="divide-y divide-border">
            {handoffs.items.map((h) => (
              <li key={h.id} className="flex flex-col gap-1 py-2.5 sm:flex-row sm:items-start sm:justify-between sm:gap-3">
                <div className="min-w-0">
                  <div className="flex flex-wrap items-center gap-1.5">
                    <Badge variant={h.priority === 'urgent' ? 'destructive' : h.priority === 'high' ? 'warning' : h.priority === 'normal' ? 'info' : 'neutral'}>
                      {PRIORITIES.find((p) => p.id === h.priority)?.label}
                    </Badge>
                    <Link to={handoffHref(h.id)} className="text-sm font-medium underline-offset-4 hover:underline">
                      {TYPE_LABELS[h.type]}
                      {h.contactName ? ` · ${h.contactName}` : ''}
                    </Link>
                    {h.status === 'claimed' ? <Badge variant="neutral">Claimed{h.assigneeName ? ` by ${h.assigneeName}` : ''}</Badge> : null}
                  </div>
                  <p className="mt-0.5 truncate text-xs text-muted-foreground">
                    {showOrganization ? `${h.organizationName} · ` : ''}
                    {h.reason}
                  </p>
                </div>
                <SlaCountdown dueAt={h.dueAt} now={now} practice={practiceOf(h.organizationId)} />
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
