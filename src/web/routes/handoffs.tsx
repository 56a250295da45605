import * as React from 'react';
import { formatDateTime } from '@web/lib/format-date';
import { Inbox, RefreshCw, Timer } from 'lucide-react';
import { can } from '@domain/auth/permissions';
import { DocumentTitle } from '@web/components/document-title';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { EmptyState } from '@web/components/ui/empty-state';
import { PageHeader } from '@web/components/ui/page-header';
import { Skeleton } from '@web/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@web/components/ui/tabs';
import { queryClient } from '@web/app/query-client';
import { handoffsQueryOptions, useHandoffs } from '@web/features/handoffs/api/list-handoffs';
import { DeadlinesDialog } from '@web/features/handoffs/components/deadlines-dialog';
import { HandoffFilters } from '@web/features/handoffs/components/handoff-filters';
import { HandoffRow } from '@web/features/handoffs/components/handoff-row';
import { HandoffTab, type HandoffListResponse } from '@contracts/handoffs';
import { useClaimWithFeedback } from '@web/features/handoffs/use-claim';
import { useHandoffListParams, type RequestSliceParams } from '@web/features/handoffs/use-handoff-list-params';
import { useLiveHandoffs } from '@web/features/handoffs/use-live-handoffs';
import { useNow } from '@web/lib/use-now';
import { useSignedInSession } from '@web/lib/use-signed-in-session';
import { errorMessage } from '@web/lib/api';

/** Prefetches the default tab while the module loads. */
export function loader() {
  void queryClient.prefetchQuery(handoffsQueryOptions({ tab: 'open', page: 1 }));
  return null;
}

type ListKind = HandoffTab | 'all';
const TAB_LABELS: Record<ListKind, string> = { open: 'Open', mine: 'Mine', resolved: 'Resolved', all: 'Matching' };
const EMPTY: Record<ListKind, { title: string; description: string }> = {
  all: { title: 'No requests in this step', description: 'No appointment request of this period reached this step.' },
  open: { title: 'Nothing waiting', description: 'New callbacks, messages, transfers and appointment requests appear here the moment they arrive.' },
  mine: { title: 'Nothing assigned to you', description: 'Claim a handoff from the Open tab, or ask a supervisor to assign one.' },
  resolved: { title: 'Nothing resolved yet', description: 'Resolved and canceled handoffs are kept here.' },
};

/** /handoffs — the human work queue, live across browsers. */
export function HandoffsRoute() {
  const { user, organizations } = useSignedInSession();
  const list = useHandoffListParams();
  const handoffs = useHandoffs(list.params);
  const announcement = useLiveHandoffs();
  const claim = useClaimWithFeedback();
  const now = useNow(15_000);
  const counts = handoffs.data?.counts;
  const [deadlinesOpen, setDeadlinesOpen] = React.useState(false);

  return (
    <>
      <DocumentTitle title="Handoffs" />
      <PageHeader
        title="Handoffs"
        description="Everything the agent or the web form hands to people: live transfers, callbacks, appointment requests, messages and urgent cases — most urgent first."
        actions={
          can(user.role, 'handoffs.deadlines') ? (
            <Button variant="outline" onClick={() => setDeadlinesOpen(true)}>
              <Timer aria-hidden="true" />
              Deadlines
            </Button>
          ) : undefined
        }
      />
      {can(user.role, 'handoffs.deadlines') ? <DeadlinesDialog organizations={organizations} open={deadlinesOpen} onOpenChange={setDeadlinesOpen} /> : null}
      <p role="status" aria-live="polite" className="sr-only">
        {announcement}
      </p>
      {list.slice ? (
        <>
          <RequestSliceNotice slice={list.slice} total={handoffs.data?.total} onRemove={list.clearSlice} />
          <div className="mt-4">
            <HandoffFilters tab="resolved" filters={list.filters} organizations={organizations} currentUserId={user.id} hasFilters={list.hasFilters} onChange={list.setFilter} onClear={list.clearFilters} />
          </div>
          <div className="mt-4">
            <QueueList
              data={handoffs.data}
              isPending={handoffs.isPending}
              error={handoffs.isError ? handoffs.error : null}
              onRetry={() => void handoffs.refetch()}
              tab="all"
              hasFilters={list.hasFilters}
              onClearFilters={list.clearFilters}
              now={now}
              showOrganization={organizations.length > 1 || user.role === 'admin'}
              onClaim={(h) => claim.claim(h.id, h.contactName || 'The handoff')}
              claimingId={claim.claimingId}
              page={list.page}
              onPage={list.setPage}
            />
          </div>
        </>
      ) : (
      <Tabs value={list.tab} onValueChange={(value) => list.setTab(value as HandoffTab)}>
        <TabsList aria-label="Handoff lists">
          {HandoffTab.options.map((t) => (
            <TabsTrigger key={t} value={t}>
              {TAB_LABELS[t]}
              {t !== 'resolved' && counts ? (
                <>
                  {' '}
                  <span className="rounded-full bg-muted-foreground/15 px-1.5 text-xs tabular-nums">{counts[t]}</span>
                </>
              ) : null}
            </TabsTrigger>
          ))}
        </TabsList>
        <div className="mt-4">
          <HandoffFilters
            tab={list.tab}
            filters={list.filters}
            organizations={organizations}
            currentUserId={user.id}
            hasFilters={list.hasFilters}
            onChange={list.setFilter}
            onClear={list.clearFilters}
          />
        </div>
        {HandoffTab.options.map((t) => (
          <TabsContent key={t} value={t} className="mt-4">
            {list.tab === t ? (
              <QueueList
                data={handoffs.data}
                isPending={handoffs.isPending}
                error={handoffs.isError ? handoffs.error : null}
                onRetry={() => void handoffs.refetch()}
                tab={t}
                hasFilters={list.hasFilters}
                onClearFilters={list.clearFilters}
                now={now}
                showOrganization={organizations.length > 1 || user.role === 'admin'}
                onClaim={(h) => claim.claim(h.id, h.contactName || 'The handoff')}
                claimingId={claim.claimingId}
                page={list.page}
                onPage={list.setPage}
              />
            ) : null}
          </TabsContent>
        ))}
      </Tabs>
      )}
    </>
  );
}

const STEP_WORDS: Record<RequestSliceParams['step'], string> = { started: 'started', submitted: 'submitted', scheduled: 'scheduled' };

/** A funnel step opened from analytics has no field of its own: say what it is, how many, and let it go. */
function RequestSliceNotice({ slice, total, onRemove }: { slice: RequestSliceParams; total: number | undefined; onRemove: () => void }) {
  const when = (iso: string) => formatDateTime(iso);
  return (
    <div className="flex flex-wrap items-center gap-2 rounded-md border border-dashed p-2 text-sm" data-testid="request-slice">
      <span>
        From analytics: appointment requests {slice.source ? `from ${slice.source} ` : ''}created {when(slice.from)} – {when(slice.to)} that were {STEP_WORDS[slice.step]}
        {total !== undefined ? (
          <>
            : <strong data-testid="request-slice-total">{total}</strong> {total === 1 ? 'request' : 'requests'}, each by its first handoff, whatever its status.
          </>
        ) : (
          '.'
        )}
      </span>
      <button type="button" className="underline underline-offset-2" onClick={onRemove}>
        Remove this slice
      </button>
    </div>
  );
}

interface QueueListProps {
  data: HandoffListResponse | undefined;
  isPending: boolean;
  error: unknown;
  onRetry: () => void;
  tab: ListKind;
  hasFilters: boolean;
  onClearFilters: () => void;
  now: Date;
  showOrganization: boolean;
  onClaim: (h: HandoffListResponse['items'][number]) => void;
  claimingId: string | undefined;
  page: number;
  onPage: (page: number) => void;
}

function QueueList({ data, isPending, error, onRetry, tab, hasFilters, onClearFilters, now, showOrganization, onClaim, claimingId, page, onPage }: QueueListProps) {
  if (error && !data) {
    return (
      <Alert variant="destructive" title="The queue could not be loaded">
        <p>{errorMessage(error)}</p>
        <Button variant="outline" size="sm" className="mt-2" onClick={onRetry}>
          <RefreshCw aria-hidden="true" />
          Try again
        </Button>
      </Alert>
    );
  }
  if (isPending || !data) {
    return (
      <div role="status" aria-label="Loading handoffs" className="space-y-3 rounded-xl border border-border bg-card p-4">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-20 w-full" />
        ))}
      </div>
    );
  }
  if (data.items.length === 0) {
    return (
      <div className="rounded-xl border border-border bg-card">
        <EmptyState
          headingLevel="h2"
          icon={Inbox}
          title={hasFilters ? 'No handoffs match' : EMPTY[tab].title}
          description={hasFilters ? 'Try other filters, or clear them.' : EMPTY[tab].description}
          action={
            hasFilters ? (
              <Button variant="outline" onClick={onClearFilters}>
                Clear filters
              </Button>
            ) : undefined
          }
        />
      </div>
    );
  }
  const first = (page - 1) * data.pageSize + 1;
  const last = first + data.items.length - 1;
  return (
    <section aria-label={`${TAB_LABELS[tab]} handoffs`} className="space-y-3">
      <h2 className="sr-only">{TAB_LABELS[tab]} handoffs</h2>
      <ul className="overflow-hidden rounded-xl border border-border bg-card">
        {data.items.map((h) => (
          <HandoffRow key={h.id} handoff={h} now={now} showOrganization={showOrganization} onClaim={onClaim} claiming={claimingId === h.id} />
        ))}
      </ul>
      {data.total > data.pageSize ? (
        <nav aria-label="Pages" className="flex items-center justify-between gap-3 text-sm text-muted-foreground">
          <span>
            {first}–{last} of {data.total}
          </span>
          <span className="flex gap-2">
            <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
              Previous
            </Button>
            <Button variant="outline" size="sm" disabled={last >= data.total} onClick={() => onPage(page + 1)}>
              Next
            </Button>
          </span>
        </nav>
      ) : null}
    </section>
  );
}

export { HandoffsRoute as Component };
