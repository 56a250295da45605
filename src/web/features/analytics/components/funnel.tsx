import { Link } from 'react-router';
import type { AnalyticsResponse } from '@contracts/analytics';
import { APPOINTMENT_SOURCES } from '@domain/appointment-requests/state';
import { FIGURES } from '@domain/analytics/definitions';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { handoffPaths } from '@web/lib/handoff-paths';
import { percent } from '../format';
import type { FunnelStep } from '@contracts/handoffs';

const SOURCE_LABELS = { web: 'Web', phone: 'Phone', portal: 'Portal', all: 'All sources' } as const;
const STEPS = [
  { key: 'started', label: 'Started' },
  { key: 'submitted', label: 'Submitted' },
  { key: 'scheduled', label: 'Scheduled' },
] as const;

/**
 * Drafts started → submitted → scheduled, per source, as bars with the share of the first step.
 * Each step opens the handoff list of exactly its requests (one row per request: its first
 * handoff). A draft has no handoff until it is sent, so a "started" figure that holds drafts is
 * not a link: it says how many drafts it holds instead.
 */
export function Funnel({ data, organizationId }: { data: AnalyticsResponse; organizationId?: string }) {
  const f = data.totals.funnel;
  const stepHref = (source: (typeof APPOINTMENT_SOURCES)[number] | 'all', step: FunnelStep) =>
    `${handoffPaths.handoffs.href()}?${new URLSearchParams({
      tab: 'all',
      ...(organizationId ? { org: organizationId } : {}),
      rstep: step,
      ...(source === 'all' ? {} : { rsource: source }),
      rfrom: data.period.start,
      rto: data.period.end,
    }).toString()}`;
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
                      {step.key === 'started' && s.started > s.submitted ? (
                        <>
                          {s.started.toLocaleString()}
                          <span className="ml-1 text-xs text-muted-foreground">
                            ({(s.started - s.submitted).toLocaleString()} {s.started - s.submitted === 1 ? 'draft' : 'drafts'} not sent)
                          </span>
                        </>
                      ) : (
                        <Link
                          to={stepHref(source, step.key)}
                          className="text-primary underline underline-offset-2"
                          aria-label={`${SOURCE_LABELS[source]}, ${step.label.toLowerCase()}: ${s[step.key].toLocaleString()} requests — open their handoffs`}
                          data-testid={`funnel-${source}-${step.key}`}
                        >
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
