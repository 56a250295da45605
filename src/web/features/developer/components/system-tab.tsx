import { can } from '@domain/auth/permissions';
import { formatDateTime } from '@web/lib/format-date';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Skeleton } from '@web/components/ui/skeleton';
import { useToast } from '@web/components/ui/toast';
import { errorMessage } from '@web/lib/api';
import { useSignedInSession } from '@web/lib/use-signed-in-session';
import { useFailedJobs, useQueueHealth, useRetryJob } from '../api/system';

const age = (seconds: number | null) => (seconds === null ? '—' : seconds < 90 ? `${seconds} s` : seconds < 5400 ? `${Math.round(seconds / 60)} min` : `${Math.round(seconds / 3600)} h`);

/** /developer → System: the job queue and the worker processes (the same figures as /metrics). */
export function SystemTab() {
  const { user } = useSignedInSession();
  const health = useQueueHealth();
  const mayRetry = can(user.role, 'audit.read');
  const failed = useFailedJobs(mayRetry);
  const retry = useRetryJob();
  const { toast } = useToast();

  if (health.isPending) {
    return (
      <div role="status">
        <span className="sr-only">Loading queue figures…</span>
        <Skeleton className="h-24 w-full" />
      </div>
    );
  }
  if (health.isError) {
    return (
      <Alert variant="destructive" title="The queue figures could not be loaded">
        {errorMessage(health.error)}{' '}
        <Button variant="link" onClick={() => health.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  }
  const h = health.data;
  const figures: [string, string | number][] = [
    ['Workers alive', h.workersAlive],
    ['Waiting', h.waiting],
    ['Oldest waiting', age(h.oldestWaitingSeconds)],
    ['Running', h.running],
    ['Scheduled', h.scheduled],
    ['Failed', h.failed],
  ];
  return (
    <div className="space-y-4">
      {h.workersAlive === 0 ? <Alert variant="warning" title="No worker is running: emails, texts and webhooks wait until one starts." /> : null}
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
        {figures.map(([label, value]) => (
          <div key={label} className="rounded-xl border border-border bg-card p-3">
            <dt className="text-xs text-muted-foreground">{label}</dt>
            <dd className="text-xl font-semibold tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      <div className="overflow-x-auto rounded-xl border border-border bg-card">
        <table className="w-full text-sm">
          <caption className="sr-only">Jobs by task</caption>
          <thead className="text-left text-xs text-muted-foreground">
            <tr>
              <th className="p-2 font-medium">Task</th>
              <th className="p-2 text-right font-medium">Waiting</th>
              <th className="p-2 text-right font-medium">Running</th>
              <th className="p-2 text-right font-medium">Scheduled</th>
              <th className="p-2 text-right font-medium">Failed</th>
            </tr>
          </thead>
          <tbody>
            {h.byTask.length === 0 ? (
              <tr>
                <td colSpan={5} className="p-2 text-muted-foreground">
                  No jobs in the queue.
                </td>
              </tr>
            ) : (
              h.byTask.map((t) => (
                <tr key={t.task} className="border-t border-border">
                  <td className="p-2 font-mono text-xs">{t.task}</td>
                  <td className="p-2 text-right tabular-nums">{t.waiting}</td>
                  <td className="p-2 text-right tabular-nums">{t.running}</td>
                  <td className="p-2 text-right tabular-nums">{t.scheduled}</td>
                  <td className="p-2 text-right tabular-nums">{t.failed}</td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      {mayRetry ? (
        <section aria-labelledby="failed-jobs" className="space-y-2">
          <h2 id="failed-jobs" className="text-base font-semibold">
            Failed jobs
          </h2>
          {failed.isPending ? (
            <Skeleton className="h-12 w-full" />
          ) : failed.isError ? (
            <Alert variant="destructive" title="The failed jobs could not be loaded">
              {errorMessage(failed.error)}
            </Alert>
          ) : failed.data.items.length === 0 ? (
            <p className="text-sm text-muted-foreground">No failed jobs.</p>
          ) : (
            <ul className="divide-y divide-border rounded-xl border border-border bg-card">
              {failed.data.items.map((job) => (
                <li key={job.id} className="flex flex-col gap-2 p-3 sm:flex-row sm:items-center sm:justify-between">
                  <div className="min-w-0">
                    <p className="font-mono text-xs">
                      {job.task} #{job.id} · {job.attempts}/{job.maxAttempts} attempts · {formatDateTime(job.updatedAt)}
                    </p>
                    <p className="text-sm [overflow-wrap:anywhere]">{job.lastError ?? 'No error recorded.'}</p>
                  </div>
                  <Button
                    size="sm"
                    variant="outline"
                    onClick={() => retry.mutate(job.id, { onSuccess: () => toast({ title: `Job #${job.id} will run again` }), onError: (e) => toast({ title: 'Could not retry', description: errorMessage(e), variant: 'error' }) })}
                    aria-label={`Retry job ${job.id}`}
                  >
                    Retry
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </section>
      ) : null}
    </div>
  );
}
