import { Link } from 'react-router';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { formatDateTime, type Practice } from '@web/lib/format-date';
import { handoffPaths } from '@web/lib/handoff-paths';
import type { HandoffDetail } from '@contracts/handoffs';

const KIND_LABELS = { call: 'Call', appointment_request: 'Request', handoff: 'Handoff' } as const;

/** What else this patient has had with the practice (by patient record, or by phone number). */
export function HistoryCard({ history, organizationName, practice }: { history: HandoffDetail['history']; organizationName: string; practice?: Practice }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Patient history</CardTitle>
        <CardDescription>Earlier calls, requests and handoffs at {organizationName}.</CardDescription>
      </CardHeader>
      <CardContent>
        {history.length === 0 ? (
          <p className="text-sm text-muted-foreground">Nothing earlier.</p>
        ) : (
          <ul className="divide-y divide-border">
            {history.map((item) => {
              const to = item.kind === 'call' ? `/calls/${item.id}` : item.kind === 'handoff' ? handoffPaths.handoff.href(item.id) : null;
              const title = <span className="[overflow-wrap:anywhere]">{item.title}</span>;
              return (
                <li key={`${item.kind}-${item.id}`} className="flex flex-col gap-0.5 py-2 text-sm">
                  <span className="text-xs text-muted-foreground">
                    {KIND_LABELS[item.kind]} · {formatDateTime(item.at, { practice })} · {item.status.replace(/_/g, ' ')}
                  </span>
                  {to ? (
                    <Link to={to} className="line-clamp-2 font-medium text-primary underline-offset-4 hover:underline">
                      {title}
                    </Link>
                  ) : (
                    <span className="line-clamp-2 font-medium">{title}</span>
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
