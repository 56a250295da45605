import { BarChart3, CloudOff } from 'lucide-react';
import { DocumentTitle } from '@web/components/document-title';
import { PageHeader } from '@web/components/ui/page-header';
import { Skeleton } from '@web/components/ui/skeleton';
import { EmptyState } from '@web/components/ui/empty-state';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { useSignedInSession } from '@web/lib/use-signed-in-session';
import { useAnalytics } from '@web/features/analytics/api/get-analytics';
import { useAnalyticsParams } from '@web/features/analytics/use-analytics-params';
import { AnalyticsFilters } from '@web/features/analytics/components/analytics-filters';
import { KpiTiles } from '@web/features/analytics/components/kpi-tiles';
import { HandoffTimesChart, OutcomesChart, RatesChart, VolumeChart } from '@web/features/analytics/components/charts';
import { Heatmap } from '@web/features/analytics/components/heatmap';
import { Funnel } from '@web/features/analytics/components/funnel';
import { totalCalls } from '@web/features/analytics/format';
import { errorMessage, isApiError } from '@web/lib/api';
import { formatDateTime } from '@web/lib/format-date';

/** /analytics — the figures of PRODUCT §6 for a period, compared with the one before, with drill-down and CSV. */
export function AnalyticsRoute() {
  const { organizations } = useSignedInSession();
  const { params, query, update } = useAnalyticsParams(organizations);
  const result = useAnalytics(query);
  const data = result.data;
  const fieldErrors = isApiError(result.error) ? result.error.fields : {};
  // Drill-down lists take exactly the organizations these figures add up (several, comma-separated).
  const organizationId = data?.organizations.map((o) => o.id).join(',') || undefined;
  const empty = data && totalCalls(data.totals) === 0 && data.totals.funnel.all.started === 0 && data.totals.timeToClaim.count === 0;

  return (
    <>
      <DocumentTitle title="Analytics" />
      <PageHeader
        title="Analytics"
        description={`Calls, handoffs and appointment requests ${organizations.length > 1 ? 'across your organizations' : 'of your practice'}, compared with the period before. Every figure’s definition is one click away.`}
      />
      <div className="space-y-4">
        <AnalyticsFilters params={params} query={query} organizations={organizations} update={update} fieldErrors={fieldErrors} />
        {result.isError ? (
          <Alert variant="destructive" title="The figures could not be loaded">
            <p>{errorMessage(result.error)}</p>
            {/* Refused filters are corrected above; trying them again would be refused again. */}
            {isApiError(result.error) && result.error.status < 500 && result.error.status !== 429 ? null : (
              <Button variant="outline" size="sm" className="mt-2" onClick={() => void result.refetch()}>
                Try again
              </Button>
            )}
          </Alert>
        ) : null}
        {!data && result.isPending ? (
          <div aria-busy="true" aria-label="Loading figures" className="grid grid-cols-2 gap-3 md:grid-cols-4">
            {Array.from({ length: 8 }, (_, i) => (
              <Skeleton key={i} className="h-28" />
            ))}
          </div>
        ) : null}
        {data ? (
          <div className={result.isFetching ? 'opacity-70 transition-opacity' : undefined} aria-busy={result.isFetching}>
            <p className="mb-3 text-sm text-muted-foreground" data-testid="period-summary">
              {data.period.from} – {data.period.to} compared with {data.previousPeriod.from} – {data.previousPeriod.to}. Dates, hours and the heatmap are in {data.timeZone} time.{' '}
              <span data-testid="as-of">
                {data.asOf ? <>As of {formatDateTime(data.asOf, { seconds: true })} (brought up to date every few seconds).</> : <>Not brought up to date yet: the figures fill in within seconds.</>}
              </span>{' '}
              Computed in {data.computedInMs} ms.
            </p>
            {empty ? (
              <EmptyState icon={organizations.length ? BarChart3 : CloudOff} title="Nothing in this period" description="No calls, handoffs or appointment requests started in these dates. Choose a longer period or another organization." />
            ) : null}
            <div className="space-y-4">
              <KpiTiles data={data} />
              <div className="grid gap-4 xl:grid-cols-2 [&>*]:min-w-0">
                <VolumeChart data={data} tables={params.tables} organizationId={organizationId} />
                <RatesChart data={data} tables={params.tables} />
                <Heatmap data={data} organizationId={organizationId} />
                <Funnel data={data} organizationId={organizationId} />
                <HandoffTimesChart data={data} tables={params.tables} />
                <OutcomesChart data={data} tables={params.tables} organizationId={organizationId} />
              </div>
            </div>
          </div>
        ) : null}
      </div>
    </>
  );
}

export const Component = AnalyticsRoute;
