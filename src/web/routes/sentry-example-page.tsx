import * as React from 'react';
import { Bug, Server } from 'lucide-react';
import { useMutation } from '@tanstack/react-query';
import { DocumentTitle } from '@web/components/document-title';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { PageHeader } from '@web/components/ui/page-header';
import { apiFetch, isApiError } from '@web/lib/api';
import { isSentryEnabled, onErrorReported, type ErrorReport } from '@web/lib/error-reporting';

const CLIENT_ERROR_MESSAGE = 'Sentry example page: client-side test error';

class SentryExampleFrontendError extends Error {
  override name = 'SentryExampleFrontendError';
}

type ClientState = { status: 'idle' } | { status: 'reporting' } | { status: 'reported'; report: ErrorReport };

/**
 * /sentry-example-page — checks error reporting end to end: a client-side error thrown in an
 * event handler (caught by the global handler, sent to /api/client-errors and Sentry) and a
 * server-side error (the server logs it and answers with its digest).
 */
export function SentryExamplePageRoute() {
  const [client, setClient] = React.useState<ClientState>({ status: 'idle' });

  React.useEffect(
    () =>
      onErrorReported((report) => {
        if (report.message === CLIENT_ERROR_MESSAGE) setClient({ status: 'reported', report });
      }),
    [],
  );

  const serverError = useMutation({
    mutationFn: () => apiFetch<unknown>('/api/sentry-example/server-error', { method: 'POST' }),
  });

  const raiseClientError = () => {
    setClient({ status: 'reporting' });
    // Thrown on purpose and not caught here: the global error handler reports it.
    throw new SentryExampleFrontendError(CLIENT_ERROR_MESSAGE);
  };

  return (
    <div className="mx-auto max-w-4xl px-4 py-10 sm:px-6">
      <DocumentTitle title="Error reporting check" />
      <PageHeader
        title="Error reporting check"
        description="Raise a test error on either side and see the reference it was reported under. Every report lands in the error log on the Developer page, and in Sentry when it is configured."
      />

      <div className="grid gap-6 md:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle className="flex items-center gap-2">
              <Bug aria-hidden="true" className="size-5 text-primary" />
              Client-side error
            </CardTitle>
            <CardDescription>Throws an error in this page’s button handler, in your browser.</CardDescription>
          </CardHeader>
          <CardContent className="space-y-4">
            <Button onClick={raiseClientError} loading={client.status === 'reporting'}>
              Raise a client-side error
            </Button>
            <div aria-live="polite">
              {client.status === 'reporting' ? <p className="text-sm text-muted-foreground">Reporting the error…</p> : null}
              {client.status === 'reported' ? <ReportResult report={client.report} /> : null}
            </div>
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle className="flex items-center gap-2">
              <Server aria-hidden="true" className="size-5 text-primary" />
              Server-side error
            </CardTitle>
            <CardDescription>Asks the server to fail; it records the error and answers with its reference.</CardDescription>
          </CardHeader>
          <CardContent className="space-y-4">
            <Button onClick={() => serverError.mutate()} loading={serverError.isPending}>
              Raise a server-side error
            </Button>
            <div aria-live="polite">
              <ServerResult mutation={serverError} />
            </div>
          </CardContent>
        </Card>
      </div>

      <p className="mt-6 text-sm text-muted-foreground">
        Sentry in this browser: {isSentryEnabled() ? 'configured — events are sent to it as well.' : 'not configured — reports go to the built-in error log only.'}
      </p>
    </div>
  );
}

function Reference({ label, value }: { label: string; value: string }) {
  return (
    <p>
      {label}: <code className="break-all font-mono font-semibold">{value}</code>
    </p>
  );
}

function ReportResult({ report }: { report: ErrorReport }) {
  if (!report.digest && !report.sentryEventId) {
    return (
      <Alert variant="warning" title="The error was raised, but it could not be reported.">
        The error log did not answer. Check that the server is running, then try again.
      </Alert>
    );
  }
  return (
    <Alert variant="success" title="The error was reported.">
      {report.digest ? <Reference label="Error log reference" value={report.digest} /> : null}
      {report.sentryEventId ? <Reference label="Sentry event id" value={report.sentryEventId} /> : null}
    </Alert>
  );
}

function ServerResult({ mutation }: { mutation: { isSuccess: boolean; isError: boolean; error: unknown } }) {
  if (mutation.isSuccess) {
    return (
      <Alert variant="warning" title="The server answered without an error.">
        The test endpoint should fail. Check that the server is up to date.
      </Alert>
    );
  }
  if (!mutation.isError) return null;
  const error = mutation.error;
  if (isApiError(error) && error.digest) {
    return (
      <Alert variant="success" title="The server reported the error.">
        <Reference label="Error log reference" value={error.digest} />
      </Alert>
    );
  }
  return (
    <Alert variant="warning" title="No reference came back.">
      {isApiError(error) ? error.message : 'The request failed before reaching the server.'}
    </Alert>
  );
}

export { SentryExamplePageRoute as Component };
