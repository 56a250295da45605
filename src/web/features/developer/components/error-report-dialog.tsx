import { SearchX } from 'lucide-react';
import { CopyButton } from '@web/components/copy-button';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@web/components/ui/dialog';
import { EmptyState } from '@web/components/ui/empty-state';
import { Skeleton } from '@web/components/ui/skeleton';
import { errorMessage, isApiError } from '@web/lib/api';
import { formatDateTime } from '@web/lib/format-date';
import { useReturnFocus } from '@web/lib/use-return-focus';
import { useErrorReport } from '../api/get-error';
import type { ErrorEvent } from '@contracts/developer';

/** The full report of one error, found by its reference (digest). */
export function ErrorReportDialog({ digest, onOpenChange }: { digest: string | null; onOpenChange: (open: boolean) => void }) {
  const returnFocus = useReturnFocus(digest !== null);
  const report = useErrorReport(digest);

  return (
    <Dialog open={digest !== null} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-3xl" onCloseAutoFocus={returnFocus}>
        {digest === null ? null : report.isPending ? (
          <>
            <DialogHeader>
              <DialogTitle>Error {digest}</DialogTitle>
              <DialogDescription>Looking up the report…</DialogDescription>
            </DialogHeader>
            <div role="status" className="space-y-3">
              <span className="sr-only">Loading the error report…</span>
              <Skeleton className="h-4 w-2/3" />
              <Skeleton className="h-4 w-1/2" />
              <Skeleton className="h-40 w-full" />
            </div>
          </>
        ) : report.isError ? (
          <>
            <DialogHeader>
              <DialogTitle>Error {digest}</DialogTitle>
              <DialogDescription className="sr-only">The report could not be shown.</DialogDescription>
            </DialogHeader>
            {isApiError(report.error) && report.error.status === 404 ? (
              <EmptyState
                headingLevel="h3"
                icon={SearchX}
                title="No error has this reference"
                description="Check the reference for typing mistakes. It looks like ABCDE-12345; letters and digits only."
                className="py-6"
              />
            ) : (
              <Alert variant="destructive" title="The report could not be loaded.">
                <p>{errorMessage(report.error)}</p>
                <Button variant="outline" size="sm" className="mt-2" onClick={() => void report.refetch()}>
                  Try again
                </Button>
              </Alert>
            )}
          </>
        ) : (
          <ErrorReport event={report.data} />
        )}
      </DialogContent>
    </Dialog>
  );
}

function ErrorReport({ event }: { event: ErrorEvent }) {
  const rows: Array<[string, React.ReactNode]> = [
    ['Reference', <code className="font-mono font-semibold">{event.digest}</code>],
    ['When', formatDateTime(event.createdAt, { seconds: true })],
    ['Source', <span className="capitalize">{event.source}</span>],
  ];
  if (event.count > 1) rows.push(['Occurrences', `${event.count.toLocaleString()} times, last ${formatDateTime(event.lastSeenAt, { seconds: true })}`]);
  if (event.method || event.route) rows.push(['Request', <code className="font-mono text-xs">{[event.method, event.route].filter(Boolean).join(' ')}</code>]);
  if (event.statusCode !== null) rows.push(['Status', String(event.statusCode)]);
  if (event.requestId) rows.push(['Request id', <code className="font-mono text-xs">{event.requestId}</code>]);
  if (event.userId) rows.push(['User id', <code className="font-mono text-xs">{event.userId}</code>]);
  if (event.sentryEventId) rows.push(['Sentry event', <code className="font-mono text-xs">{event.sentryEventId}</code>]);

  return (
    <>
      <DialogHeader>
        <DialogTitle>Error {event.digest}</DialogTitle>
        <DialogDescription className="[overflow-wrap:anywhere]">{event.message}</DialogDescription>
      </DialogHeader>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-muted-foreground">{label}</dt>
            <dd className="min-w-0 [overflow-wrap:anywhere]">{value}</dd>
          </div>
        ))}
      </dl>
      <section aria-labelledby="error-stack-heading" className="space-y-2">
        <div className="flex items-center justify-between gap-3">
          <h3 id="error-stack-heading" className="text-sm font-semibold">
            Stack trace
          </h3>
          {event.stack ? <CopyButton value={`${event.digest}\n${event.message}\n${event.stack}`} label="Copy report" /> : null}
        </div>
        {event.stack ? (
          <pre
            tabIndex={0}
            aria-label="Stack trace"
            className="max-h-80 overflow-auto rounded-lg border border-border bg-slate-950 p-4 font-mono text-xs leading-relaxed text-slate-100"
          >
            {event.stack}
          </pre>
        ) : (
          <p className="text-sm text-muted-foreground">No stack trace was recorded for this error.</p>
        )}
      </section>
    </>
  );
}
