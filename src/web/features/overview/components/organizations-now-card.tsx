import { Building2 } from 'lucide-react';
import { Badge } from '@web/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import type { OverviewResponse } from '@contracts/overview';
import { wallTimesInClock } from '@domain/format/clock';
import { usePractices } from '@web/lib/use-practice';

/** Each organization: open or closed now (in its zone), and today's calls. */
export function OrganizationsNowCard({ overview }: { overview: OverviewResponse }) {
  const today = new Map(overview.perOrganization.map((o) => [o.organizationId, o]));
  const practiceOf = usePractices();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Organizations now</CardTitle>
        <CardDescription>Open or closed by each practice's hours, in its own time zone.</CardDescription>
      </CardHeader>
      <CardContent>
        {overview.organizations.length === 0 ? (
          <p className="text-sm text-muted-foreground">You are not in any organization yet.</p>
        ) : (
          <ul className="divide-y divide-border">
            {overview.organizations.map((o) => {
              const k = today.get(o.organizationId);
              return (
                <li key={o.organizationId} className="flex items-start justify-between gap-3 py-2.5">
                  <div className="flex min-w-0 gap-2">
                    <Building2 aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
                    <div className="min-w-0">
                      <p className="truncate text-sm font-medium">{o.name}</p>
                      <p className="text-xs text-muted-foreground">{wallTimesInClock(o.text, practiceOf(o.organizationId)?.country)}</p>
                    </div>
                  </div>
                  <div className="flex shrink-0 flex-col items-end gap-1">
                    <Badge variant={o.paused ? 'warning' : o.open ? 'success' : 'neutral'}>{o.paused ? 'Paused' : o.open ? 'Open' : 'Closed'}</Badge>
                    {k ? <span className="text-xs tabular-nums text-muted-foreground">{k.calls === 1 ? '1 call' : `${k.calls.toLocaleString()} calls`} today</span> : null}
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
