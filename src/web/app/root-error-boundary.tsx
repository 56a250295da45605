import * as React from 'react';
import { formatDateTime } from '@web/lib/format-date';
import { Check, Copy, FileQuestion, RefreshCw, TriangleAlert } from 'lucide-react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { DocumentTitle } from '@web/components/document-title';
import { FullPageMessage } from '@web/components/full-page-message';
import { Button } from '@web/components/ui/button';
import { isApiError } from '@web/lib/api';
import { reportClientError } from '@web/lib/error-reporting';
import { paths } from '@web/lib/paths';

type ReportState = { status: 'pending' } | { status: 'done'; digest?: string };

function isChunkLoadError(error: unknown): boolean {
  return (
    error instanceof Error &&
    /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module/i.test(
      error.message,
    )
  );
}

/**
 * The last line of defence: any error thrown while loading or rendering a route ends here.
 * Shows a generic message and an error reference (digest) — never the error text or stack —
 * after reporting the error to the built-in error log (and Sentry when configured).
 */
export function RootErrorBoundary() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const serverDigest = isApiError(error) ? error.digest : undefined;
  const [report, setReport] = React.useState<ReportState>({ status: 'pending' });

  React.useEffect(() => {
    if (notFound) return;
    let active = true;
    const cause = isRouteErrorResponse(error) ? new Error(`Route error response ${error.status}`) : error;
    void reportClientError(cause, { source: 'boundary', digest: serverDigest }).then((result) => {
      if (active) setReport({ status: 'done', digest: result.digest ?? serverDigest });
    });
    return () => {
      active = false;
    };
  }, [error, notFound, serverDigest]);

  if (notFound) {
    return (
      <FullPageMessage
        title="Page not found"
        icon={FileQuestion}
        actions={
          <Button asChild>
            <a href={paths.home.path}>Go to the front page</a>
          </Button>
        }
      >
        <DocumentTitle title="Page not found" />
        <p>The address may be mistyped, or the page may have moved.</p>
      </FullPageMessage>
    );
  }

  if (isChunkLoadError(error)) {
    return (
      <FullPageMessage
        title="Switchboard has been updated"
        icon={RefreshCw}
        actions={<Button onClick={() => window.location.reload()}>Reload the page</Button>}
      >
        <DocumentTitle title="Update available" />
        <p>A newer version is available. Reload the page to continue; nothing you saved is lost.</p>
      </FullPageMessage>
    );
  }

  return (
    <FullPageMessage
      title="Something went wrong"
      icon={TriangleAlert}
      tone="error"
      actions={
        <>
          <Button onClick={() => window.location.reload()}>
            <RefreshCw aria-hidden="true" />
            Reload the page
          </Button>
          <Button variant="outline" asChild>
            <a href={paths.home.path}>Go to the front page</a>
          </Button>
        </>
      }
    >
      <DocumentTitle title="Something went wrong" />
      <p>An unexpected error stopped this page. It has been reported to the Switchboard team.</p>
      <ErrorReference report={report} />
    </FullPageMessage>
  );
}

function ErrorReference({ report }: { report: ReportState }) {
  const [copied, setCopied] = React.useState(false);

  if (report.status === 'pending') {
    return (
      <p role="status" className="text-sm">
        Getting an error reference…
      </p>
    );
  }
  if (!report.digest) {
    return (
      <p role="status" className="text-sm">
        No error reference is available because the error log could not be reached. If you contact support, mention the
        time: {formatDateTime(new Date(), { seconds: true })}.
      </p>
    );
  }

  const digest = report.digest;
  const copy = () => {
    void navigator.clipboard?.writeText(digest).then(() => setCopied(true));
  };

  return (
    <div role="status" className="mx-auto mt-4 max-w-sm rounded-lg border border-border bg-card p-4 text-left">
      <p className="text-sm text-muted-foreground">If you contact support, give them this reference:</p>
      <div className="mt-2 flex items-center justify-between gap-3">
        <code className="break-all font-mono text-sm font-semibold text-foreground">{digest}</code>
        <Button variant="outline" size="sm" onClick={copy}>
          {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
          {copied ? 'Copied' : 'Copy'}
        </Button>
      </div>
    </div>
  );
}
