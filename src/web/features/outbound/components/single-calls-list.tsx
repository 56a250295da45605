import { PhoneOutgoing, RefreshCw } from 'lucide-react';
import { usePractices } from '@web/lib/use-practice';
import { Link } from 'react-router';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { EmptyState } from '@web/components/ui/empty-state';
import { Skeleton } from '@web/components/ui/skeleton';
import { callPaths } from '@web/lib/call-paths';
import { errorMessage } from '@web/lib/api';
import { formatDateTime } from '@web/lib/format-date';
import { useSingleCalls } from '../api/single-calls';
import { PURPOSE_LABELS } from '../labels';
import { JobStatusBadge } from './job-status-badge';
import { ContactResult } from './campaign-contacts';
import { formatPhone } from '@web/lib/format-phone';

/** Single calls and handoff call-backs, newest first, with their state and a link to the last call. */
export function SingleCallsList() {
  const practiceOf = usePractices();
  const jobs = useSingleCalls(undefined);
  const items = jobs.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <section aria-labelledby="single-calls-heading" className="space-y-3">
      <h2 id="single-calls-heading" className="text-lg font-semibold">
        Recent single calls
      </h2>
      {jobs.isError && !jobs.data ? (
        <Alert variant="destructive" title="The calls could not be loaded">
          <p>{errorMessage(jobs.error)}</p>
          <Button variant="outline" size="sm" className="mt-2" onClick={() => void jobs.refetch()}>
            <RefreshCw aria-hidden="true" />
            Try again
          </Button>
        </Alert>
      ) : jobs.isPending ? (
        <div role="status" aria-label="Loading single calls" className="space-y-2 rounded-xl border border-border bg-card p-4">
          {[0, 1].map((i) => (
            <Skeleton key={i} className="h-12 w-full" />
          ))}
        </div>
      ) : items.length === 0 ? (
        <div className="rounded-xl border border-border bg-card">
          <EmptyState icon={PhoneOutgoing} title="No single calls yet" description="Calls placed here, and call-backs from handoffs, are listed with what happened." />
        </div>
      ) : (
        <ul className="divide-y divide-border overflow-hidden rounded-xl border border-border bg-card" aria-label="Single calls">
          {items.map((j) => (
            <li key={j.id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
              <div className="min-w-0">
                <p className="font-medium">
                  {j.contactName || formatPhone(j.phone, practiceOf(j.organizationId)?.country)} <span className="text-sm font-normal text-muted-foreground tabular-nums">{j.contactName ? formatPhone(j.phone, practiceOf(j.organizationId)?.country) : ''}</span>
                </p>
                <p className="text-sm text-muted-foreground">
                  {PURPOSE_LABELS[j.purpose]} · {j.attempts}/{j.maxAttempts} attempts{j.nextAttemptAt && !j.lastCallId ? ` · next ${formatDateTime(j.nextAttemptAt, { practice: practiceOf(j.organizationId) })}` : ''}
                </p>
                <ContactResult job={j} />
              </div>
              <div className="flex flex-wrap items-center gap-2 text-sm">
                <JobStatusBadge job={j} />
                {j.lastCallId ? (
                  <Link className="font-medium text-primary underline-offset-4 hover:underline" to={callPaths.call.href(j.lastCallId)}>
                    Open the call
                  </Link>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      )}
      {jobs.hasNextPage ? (
        <Button variant="outline" onClick={() => void jobs.fetchNextPage()} loading={jobs.isFetchingNextPage}>
          Show more
        </Button>
      ) : null}
    </section>
  );
}
