import * as React from 'react';
import { FileJson } from 'lucide-react';
import { Alert } from '@web/components/ui/alert';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { EmptyState } from '@web/components/ui/empty-state';
import { Skeleton } from '@web/components/ui/skeleton';
import { errorMessage } from '@web/lib/api';
import { cn } from '@web/lib/utils';
import { OPENAPI_URL, useApiReference, type HttpMethod } from '../api/get-openapi';
import { FilterInput } from './filter-input';

const METHOD_STYLES: Record<HttpMethod, string> = {
  get: 'bg-info-soft text-info-soft-foreground',
  post: 'bg-success-soft text-success-soft-foreground',
  put: 'bg-warning-soft text-warning-soft-foreground',
  patch: 'bg-warning-soft text-warning-soft-foreground',
  delete: 'bg-destructive-soft text-destructive-soft-foreground',
};

/** The REST API, from the OpenAPI document the server generates from its route schemas. */
export function ApiReferenceTab() {
  const reference = useApiReference();
  const [filter, setFilter] = React.useState('');
  const needle = filter.toLowerCase();

  const groups = React.useMemo(() => {
    if (!reference.data) return [];
    if (!needle) return reference.data.groups;
    return reference.data.groups
      .map((group) => ({
        ...group,
        operations: group.operations.filter(
          (op) => op.path.toLowerCase().includes(needle) || op.summary.toLowerCase().includes(needle) || group.tag.includes(needle),
        ),
      }))
      .filter((group) => group.operations.length > 0);
  }, [reference.data, needle]);

  return (
    <div className="space-y-4">
      <Card>
        <CardHeader>
          <CardTitle>{reference.data ? `${reference.data.title} ${reference.data.version}` : 'API reference'}</CardTitle>
          <CardDescription>
            {reference.data?.description || 'Every endpoint with its method and purpose.'} Request and response schemas are in the OpenAPI
            document.
          </CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
          <FilterInput label="Filter endpoints" placeholder="Path or description" value={filter} onValueChange={setFilter} className="sm:w-80" />
          <Button variant="outline" asChild>
            <a href={OPENAPI_URL} target="_blank" rel="noreferrer">
              <FileJson aria-hidden="true" />
              OpenAPI document (JSON)
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
          </Button>
        </CardContent>
      </Card>

      {reference.isPending ? (
        <div role="status" className="space-y-4">
          <span className="sr-only">Loading the API reference…</span>
          {[0, 1].map((i) => (
            <Card key={i}>
              <CardContent className="space-y-3 pt-5 sm:pt-6">
                <Skeleton className="h-5 w-32" />
                {[0, 1, 2].map((j) => (
                  <Skeleton key={j} className="h-4 w-full max-w-lg" />
                ))}
              </CardContent>
            </Card>
          ))}
        </div>
      ) : reference.isError ? (
        <Alert variant="destructive" title="The API reference could not be loaded.">
          <p>{errorMessage(reference.error)}</p>
          <Button variant="outline" size="sm" className="mt-2" onClick={() => void reference.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : groups.length === 0 ? (
        <Card>
          <EmptyState headingLevel="h3" title="No endpoints match" description="Try part of a path, such as /api/users, or a word from its description." />
        </Card>
      ) : (
        groups.map((group) => (
          <Card key={group.tag}>
            <CardHeader>
              <CardTitle as="h3" className="capitalize">
                {group.tag}
              </CardTitle>
            </CardHeader>
            <CardContent>
              <ul className="divide-y divide-border rounded-lg border border-border">
                {group.operations.map((op) => (
                  <li key={`${op.method} ${op.path}`} className="flex flex-col gap-1 px-3 py-2.5 sm:flex-row sm:items-baseline sm:gap-3">
                    <span className="flex items-baseline gap-3 sm:contents">
                      <span
                        className={cn(
                          'inline-flex w-16 shrink-0 justify-center rounded px-1.5 py-0.5 font-mono text-xs font-semibold uppercase',
                          METHOD_STYLES[op.method],
                        )}
                      >
                        {op.method}
                      </span>
                      <code className="font-mono text-sm [overflow-wrap:anywhere] sm:w-80 sm:shrink-0">{op.path}</code>
                    </span>
                    <span className="text-sm text-muted-foreground">
                      {op.summary}
                      {op.deprecated ? (
                        <Badge variant="warning" className="ml-2">
                          Deprecated
                        </Badge>
                      ) : null}
                    </span>
                  </li>
                ))}
              </ul>
            </CardContent>
          </Card>
        ))
      )}
    </div>
  );
}
