import { Link } from 'react-router';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Skeleton } from '@web/components/ui/skeleton';
import { errorMessage } from '@web/lib/api';
import { formatDateTime } from '@web/lib/format-date';
import { paths } from '@web/lib/paths';
import { useOutboundSummary } from '../api/single-calls';
import { PROVIDER_LABELS } from '../labels';
import { useLiveOutbound } from '../use-live-outbound';

/** The outbound queue on /overview: running campaigns, calls on the line, and when the next window opens. */
export function OutboundQueueCard() {
  const summary = useOutboundSummary();
  useLiveOutbound();
  const s = summary.data;
  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-2">
        <div className="space-y-1.5">
          <CardTitle>Outbound queue</CardTitle>
          <CardDescription>{s ? `Calls are placed by: ${PROVIDER_LABELS[s.provider].name}${s.provider === 'simulator' ? ' (no real phone rings)' : ''}.` : 'Campaigns and calls the agent places.'}</CardDescription>
        </div>
        <Link to={paths.outbound.href()} className="text-sm font-medium text-primary underline-offset-4 hover:underline">
          Outbound
        </Link>
      </CardHeader>
      <CardContent>
        {summary.isPending ? (
          <Skeleton className="h-20 w-full" />
        ) : summary.isError || !s ? (
          <p className="text-sm text-muted-foreground">The outbound queue could not be loaded: {errorMessage(summary.error)}</p>
        ) : (
          <div className="space-y-3 text-sm">
            <dl className="grid grid-cols-2 gap-3">
              <div>
                <dt className="text-muted-foreground">On the line now</dt>
                <dd className="text-xl font-semibold tabular-nums">{s.callsInProgress}</dd>
              </div>
              <div>
                <dt className="text-muted-foreground">Waiting for a line</dt>
                <dd className="text-xl font-semibold tabular-nums">{s.waiting}</dd>
              </div>
            </dl>
            <p className="text-muted-foreground">{s.nextWindowOpensAt ? `Next calling window opens ${formatDateTime(s.nextWindowOpensAt)}.` : 'No call is waiting for its calling window.'}</p>
            {s.runningCampaigns.length ? (
              <ul className="space-y-1" aria-label="Running campaigns">
                {s.runningCampaigns.map((c) => (
                  <li key={c.id} className="flex justify-between gap-3">
                    <Link to={paths.outboundCampaign.href(c.id)} className="truncate font-medium text-primary underline-offset-4 hover:underline">
                      {c.name}
                    </Link>
                    <span className="shrink-0 tabular-nums text-muted-foreground">
                      {c.done} / {c.total}
                    </span>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-muted-foreground">No campaign is running.</p>
            )}
          </div>
        )}
      </CardContent>
    </Card>
  );
}
