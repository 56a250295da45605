import { Link } from 'react-router';
import type { AnalyticsResponse } from '@contracts/analytics';
import { APPOINTMENT_SOURCES } from '@domain/appointment-requests/state';
import { FIGURES } from '@domain/analytics/definitions';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { handoffPaths } from '@web/features/handoffs/paths';
import { callsHref, percent } from '../format';

const SOURCE_LABELS = { web: 'Web', phone: 'Phone', portal: 'Portal', all: 'All sources' } as const;
const STEPS = [
  { key: 'started', label: 'Started' },
  { key: 'submitted', label: 'Submitted' },
  { key: 'scheduled', label: 'Scheduled' },
] as const;

/** Drafts started → submitted → scheduled, per source, as bars with the share of the first step. */
export function Funnel({ data, organizationId }: { data: AnalyticsResponse; organizationId?: string }) {
  const f = data.totals.funnel;
  // Phone requests come from calls whose outcome is an appointment request; the others live in the handoff queue.
  const stepHref = (source: string) =>
    source === 'phone'
      ? callsHref({ start: data.period.start, end: data.period.end, direction: 'inbound', organizationId, extra: { outcome: 'appointment_requested' } })
      : `${handoffPaths.handoffs.href()}?${new URLSearchParams({ type: 'appointment_request', ...(organizationId ? { org: organizationId } : {}) }).toString()}`;
  return (
    <Card role="region" aria-labelledby="funnel-title" data-testid="funnel">
      <CardHeader className="pb-2">
        <CardTitle id="funnel-title" className="text-base">
          {FIGURES.funnel.label}
        </CardTitle>
        <CardDescription>{FIGURES.funnel.definition}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {(['all', ...APPOINTMENT_SOURCES] as const).map((source) => {
          const s = f[source];
          const top = Math.max(1, s.started);
          return (
            <div key={source}>
              <h3 className="mb-1 text-sm font-medium">{SOURCE_LABELS[source]}</h3>
              <ol className="space-y-1">
                {STEPS.map((step) => (
                  <li key={step.key} className="grid grid-cols-[5.5rem_1fr_auto] items-center gap-2 text-sm">
                    <span className="text-muted-foreground">{step.label}</span>
                    <span className="h-3 rounded-sm bg-muted">
                      <span className="block h-3 rounded-sm bg-primary" style={{ width: `${(s[step.key] / top) * 100}%` }} />
                    </span>
                    <span className="tabular-nums">
                      {source === 'all' ? (
                        s[step.key].toLocaleString()
                      ) : (
                        <Link to={stepHref(source)} className="text-primary underline underline-offset-2">
                          {s[step.key].toLocaleString()}
                        </Link>
                      )}
                      {step.key !== 'started' ? <span className="ml-1 text-xs text-muted-foreground">({percent(s.started ? s[step.key] / s.started : null)})</span> : null}
                    </span>
                  </li>
                ))}
              </ol>
            </div>
          );
        })}
      </CardContent>
    </Card>
  );
}
