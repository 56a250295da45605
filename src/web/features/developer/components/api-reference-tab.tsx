import * as React from 'react';
import { FileJson, KeyRound } from 'lucide-react';
import { Link } from 'react-router';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Skeleton } from '@web/components/ui/skeleton';
import { errorMessage } from '@web/lib/api';
import { PUBLIC_OPENAPI_URL, usePublicApiDocument } from '../api/get-openapi';

// The renderer is a large chunk of its own: only this tab downloads it, after its header shows.
const ScalarReference = React.lazy(() => import('./scalar-reference'));

/** The public REST API (`/api/v1`): its OpenAPI document in an interactive reference with "try it". */
export function ApiReferenceTab() {
  const document = usePublicApiDocument();
  return (
    <div className="space-y-4">
      <Card>
        <CardHeader>
          <CardTitle>Public API reference</CardTitle>
          <CardDescription>
            Every <code className="font-mono">/api/v1</code> route with its schemas, errors and examples in curl, JavaScript and Python, and the
            webhook events&rsquo; payloads. To try a route, open it, choose <strong>Test Request</strong> and paste an API key as the bearer token.
          </CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-2 sm:flex-row">
          <Button variant="outline" asChild>
            <Link to="/developer?tab=api-keys">
              <KeyRound aria-hidden="true" />
              Create an API key
            </Link>
          </Button>
          <Button variant="outline" asChild>
            <a href={PUBLIC_OPENAPI_URL} target="_blank" rel="noreferrer">
              <FileJson aria-hidden="true" />
              OpenAPI document (JSON)
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
          </Button>
        </CardContent>
      </Card>

      {document.isPending ? (
        <ReferenceSkeleton />
      ) : document.isError ? (
        <Alert variant="destructive" title="The API reference could not be loaded.">
          <p>{errorMessage(document.error)}</p>
          <Button variant="outline" size="sm" className="mt-2" onClick={() => void document.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : (
        <React.Suspense fallback={<ReferenceSkeleton />}>
          <ScalarReference document={document.data} />
        </React.Suspense>
      )}
    </div>
  );
}

function ReferenceSkeleton() {
  return (
    <Card role="status">
      <span className="sr-only">Loading the API reference…</span>
      <CardContent className="space-y-3 pt-5 sm:pt-6">
        <Skeleton className="h-6 w-56" />
        {[0, 1, 2, 3].map((j) => (
          <Skeleton key={j} className="h-4 w-full max-w-lg" />
        ))}
      </CardContent>
    </Card>
  );
}
