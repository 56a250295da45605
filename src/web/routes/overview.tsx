import { CloudOff } from 'lucide-react';
import { Link } from 'react-router';
import { can } from '@domain/auth/permissions';
import { DocumentTitle } from '@web/components/document-title';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { EmptyState } from '@web/components/ui/empty-state';
import { PageHeader } from '@web/components/ui/page-header';
import { Skeleton } from '@web/components/ui/skeleton';
import { navItemsFor } from '@web/app/nav';
import { CallMiniList } from '@web/features/calls/components/call-mini-list';
import { callPaths } from '@web/lib/call-paths';
import { handoffPaths } from '@web/lib/handoff-paths';
import type { OverviewResponse } from '@contracts/overview';
import { overviewQueryKey, useOverview } from '@web/features/overview/api/get-overview';
import { KpiCards } from '@web/features/overview/components/kpi-cards';
import { OpenHandoffsCard } from '@web/features/overview/components/open-handoffs-card';
import { OrganizationsNowCard } from '@web/features/overview/components/organizations-now-card';
import { OutboundQueueCard } from '@web/features/outbound/components/outbound-queue-card';
import { WelcomePanels } from '@web/features/overview/components/welcome-panels';
import { ROLE_LABELS } from '@domain/auth/permissions';
import { useSignedInSession } from '@web/lib/use-signed-in-session';
import { errorMessage } from '@web/lib/api';
import { paths } from '@web/lib/paths';
import { useLiveInvalidation, useNow } from '@web/lib/use-live-invalidation';

function greeting(date: Date): string {
  const hour = date.getHours();
  if (hour < 12) return 'Good morning';
  if (hour < 18) return 'Good afternoon';
  return 'Good evening';
}

/** /overview — today at a glance: live calls, today's figures, open handoffs, who is open, recent calls. */
export function OverviewRoute() {
  const session = useSignedInSession();
  const { user, organizations } = session;
  const now = new Date();
  const firstName = (user.name || user.email).split(/\s+/)[0];
  const withFigures = can(user.role, 'overview.read');

  return (
    <>
      <DocumentTitle title="Overview" />
      <PageHeader
        eyebrow={now.toLocaleDateString(undefined, { weekday: 'long', day: 'numeric', month: 'long' })}
        title={`${greeting(now)}, ${firstName}`}
        description={
          user.role === 'admin'
            ? 'Today across every organization on Switchboard.'
            : `You work in ${organizations.length === 1 ? 'one organization' : `${organizations.length} organizations`} as ${ROLE_LABELS[user.role].toLowerCase()}.`
        }
      />
      {withFigures ? (
        <TodayBoard showOrganization={organizations.length > 1} />
      ) : (
        <WelcomePanels session={session} shortcuts={navItemsFor(user.role).filter((item) => item.to !== paths.overview.path)} now={now} />
      )}
    </>
  );
}

const LIVE_TOPICS = ['calls', 'handoffs', 'appointment-requests'] as const;

function TodayBoard({ showOrganization }: { showOrganization: boolean }) {
  const overview = useOverview();
  const now = useNow(15_000);
  useLiveInvalidation(LIVE_TOPICS, () => [overviewQueryKey], 2000);

  if (overview.isPending) return <BoardSkeleton />;
  if (overview.isError) {
    return (
      <EmptyState
        icon={CloudOff}
        title="Today's overview could not be loaded"
        description={errorMessage(overview.error)}
        action={
          <Button onClick={() => void overview.refetch()} loading={overview.isFetching}>
            Try again
          </Button>
        }
      />
    );
  }
  const data: OverviewResponse = overview.data;
  return (
    <div className="space-y-6">
      <section aria-labelledby="kpi-heading">
        <h2 id="kpi-heading" className="sr-only">
          Today's figures
        </h2>
        <KpiCards kpis={data.kpis} />
      </section>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2 lg:items-start [&>*]:min-w-0">
        <Card>
          <CardHeader className="flex-row flex-wrap items-start justify-between gap-2">
            <div className="space-y-1.5">
              <CardTitle>Live calls</CardTitle>
              <CardDescription>{data.liveCalls.length ? `${data.liveCalls.length} going on now, updating as they happen.` : 'Updating as calls come in.'}</CardDescription>
            </div>
            <Link to={callPaths.calls.href({ live: '1' })} className="text-sm font-medium text-primary underline-offset-4 hover:underline">
              All live calls
            </Link>
          </CardHeader>
          <CardContent>
            <CallMiniList calls={data.liveCalls} now={now} showOrganization={showOrganization} empty="No calls right now." />
          </CardContent>
        </Card>
        <OpenHandoffsCard handoffs={data.openHandoffs} now={now} showOrganization={showOrganization} handoffHref={handoffPaths.handoff.href} queueHref={handoffPaths.handoffs.href()} />
        <Card>
          <CardHeader className="flex-row flex-wrap items-start justify-between gap-2">
            <div className="space-y-1.5">
              <CardTitle>Recent calls</CardTitle>
              <CardDescription>The latest calls that have ended.</CardDescription>
            </div>
            <Link to={callPaths.calls.href()} className="text-sm font-medium text-primary underline-offset-4 hover:underline">
              All calls
            </Link>
          </CardHeader>
          <CardContent>
            <CallMiniList calls={data.recentCalls} now={now} showOrganization={showOrganization} empty="No calls yet." />
          </CardContent>
        </Card>
        <OrganizationsNowCard overview={data} />
        <OutboundQueueCard />
      </div>
    </div>
  );
}

function BoardSkeleton() {
  return (
    <div role="status" className="space-y-6">
      <span className="sr-only">Loading today's overview…</span>
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4 lg:gap-4">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} className="h-28 rounded-xl" />
        ))}
      </div>
      <div className="grid gap-6 lg:grid-cols-2">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} className="h-64 rounded-xl" />
        ))}
      </div>
    </div>
  );
}

export { OverviewRoute as Component };
