import * as React from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { Bug } from 'lucide-react';
import { useNavigate, useSearchParams } from 'react-router';
import { RelativeTime } from '@web/components/relative-time';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent } from '@web/components/ui/card';
import { DataTable } from '@web/components/ui/data-table';
import { EmptyState } from '@web/components/ui/empty-state';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { Select } from '@web/components/ui/select';
import { formatDateTime } from '@web/lib/format-date';
import { errorQueryOptions, normaliseDigest } from '../api/get-error';
import { ErrorSource, type ErrorListItem } from '@contracts/developer';
import { useErrors } from '../api/list-errors';
import { useCursorPages } from '../use-cursor-pages';
import { ErrorReportDialog } from './error-report-dialog';

const column = createColumnHelper<ErrorListItem>();
const SOURCE_LABELS: Record<ErrorSource, string> = { server: 'Server', client: 'Browser', worker: 'Worker' };

function errorColumns(open: (event: ErrorListItem) => void) {
  return [
    column.accessor('createdAt', {
      header: 'When',
      cell: ({ row }) => (
        <span className="flex flex-wrap items-center gap-1.5">
          <RelativeTime value={row.original.createdAt} seconds />
          {row.original.count > 1 ? (
            <Badge variant="warning" title={`Last seen ${formatDateTime(row.original.lastSeenAt, { seconds: true })}`}>
              {row.original.count.toLocaleString()} times
            </Badge>
          ) : null}
        </span>
      ),
    }),
    column.accessor('source', {
      header: 'Source',
      cell: ({ getValue }) => <Badge variant="outline">{SOURCE_LABELS[getValue() as ErrorSource] ?? getValue()}</Badge>,
    }),
    column.accessor('message', {
      header: 'Message',
      cell: ({ row }) => (
        <button
          type="button"
          data-row-open=""
          onClick={() => open(row.original)}
          className="line-clamp-2 block min-w-56 max-w-md rounded-sm text-left font-medium text-primary underline-offset-4 after:absolute after:inset-0 after:content-[''] hover:underline"
        >
          {row.original.message}
        </button>
      ),
    }),
    column.accessor('route', {
      header: 'Route',
      cell: ({ row }) =>
        row.original.route ? (
          <code className="block max-w-64 font-mono text-xs [overflow-wrap:anywhere]">
            {[row.original.method, row.original.route].filter(Boolean).join(' ')}
          </code>
        ) : (
          <span className="text-muted-foreground">—</span>
        ),
    }),
    column.accessor('digest', {
      header: 'Reference',
      cell: ({ getValue }) => <code className="whitespace-nowrap font-mono text-xs font-semibold">{getValue()}</code>,
    }),
  ];
}

/** The error log, and "find by reference" (also `?tab=errors&digest=…`). */
export function ErrorsTab() {
  const queryClient = useQueryClient();
  const [searchParams, setSearchParams] = useSearchParams();
  const digestParam = searchParams.get('digest');
  const digest = digestParam ? normaliseDigest(digestParam) : null;
  const sourceParam = searchParams.get('source');
  const source = (ErrorSource.options as readonly string[]).includes(sourceParam ?? '') ? (sourceParam as ErrorSource) : undefined;
  const pages = useCursorPages<string>();
  const errors = useErrors({ source, cursor: pages.cursor, pageSize: pages.pagination.pageSize });
  const items = errors.data?.items;
  const [reference, setReference] = React.useState('');
  const [referenceError, setReferenceError] = React.useState<string | null>(null);
  const id = React.useId();

  // Opening a report adds a history entry (Back closes it); everything else replaces.
  const setParam = (key: string, value: string | null) =>
    setSearchParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (value) next.set(key, value);
        else next.delete(key);
        return next;
      },
      { replace: !(key === 'digest' && value) },
    );

  // Stable across URL changes (setSearchParams is not; the data router's navigate is), so
  // opening a report does not rebuild the table's cells — the row's button keeps focus and
  // gets it back when the report closes.
  const navigate = useNavigate();
  const openReport = React.useCallback(
    (event: ErrorListItem) => {
      queryClient.setQueryData(errorQueryOptions(event.digest).queryKey, event);
      const next = new URLSearchParams(window.location.search);
      next.set('digest', event.digest);
      void navigate({ search: `?${next.toString()}` });
    },
    [queryClient, navigate],
  );
  const columns = React.useMemo(() => errorColumns(openReport), [openReport]);

  const find = (event: React.FormEvent) => {
    event.preventDefault();
    const value = normaliseDigest(reference);
    if (!value) {
      setReferenceError('Enter an error reference, e.g. ABCDE-12345.');
      return;
    }
    setReferenceError(null);
    setParam('digest', value);
  };

  return (
    <div className="space-y-4">
      <Card>
        <CardContent className="pt-5 sm:pt-6">
          <form onSubmit={find} noValidate role="search" aria-label="Find an error by reference" className="flex flex-col gap-3 sm:flex-row sm:items-end">
            <div className="flex-1 space-y-1.5 sm:max-w-sm">
              <Label htmlFor={`${id}-reference`}>Find by reference</Label>
              <p id={`${id}-reference-help`} className="text-sm text-muted-foreground">
                The reference people see on an error page, e.g. ABCDE-12345.
              </p>
              <Input
                id={`${id}-reference`}
                value={reference}
                onChange={(e) => setReference(e.target.value)}
                autoComplete="off"
                spellCheck={false}
                className="font-mono uppercase placeholder:normal-case"
                aria-invalid={referenceError ? true : undefined}
                aria-describedby={`${id}-reference-help${referenceError ? ` ${id}-reference-error` : ''}`}
              />
              {referenceError ? (
                <p id={`${id}-reference-error`} className="text-sm font-medium text-destructive">
                  {referenceError}
                </p>
              ) : null}
            </div>
            <Button type="submit" className="self-start sm:self-end">
              Find report
            </Button>
          </form>
        </CardContent>
      </Card>

      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div className="space-y-1.5 sm:w-56">
          <Label htmlFor={`${id}-source`}>Source</Label>
          <Select
            id={`${id}-source`}
            value={source ?? ''}
            onChange={(e) => {
              pages.reset();
              setParam('source', e.target.value || null);
            }}
          >
            <option value="">All sources</option>
            {ErrorSource.options.map((s) => (
              <option key={s} value={s}>
                {SOURCE_LABELS[s]}
              </option>
            ))}
          </Select>
        </div>
        <Button variant="outline" className="self-start sm:self-auto" onClick={() => void errors.refetch()} loading={errors.isFetching && !errors.isPending}>
          Refresh
        </Button>
      </div>

      <DataTable
        label="Error log"
        columns={columns}
        data={items}
        getRowId={(event) => event.id}
        pagination={pages.pagination}
        onPaginationChange={(next) => pages.change(next, items?.at(-1)?.cursor)}
        hasNextPage={errors.data?.hasMore}
        isLoading={errors.isPending}
        isFetching={errors.isFetching}
        error={errors.isError ? errors.error : undefined}
        onRetry={() => void errors.refetch()}
        className="[&_tbody_tr:has([data-row-open])]:relative [&_tbody_tr:has([data-row-open])]:cursor-pointer"
        empty={
          <EmptyState
            headingLevel="h2"
            icon={Bug}
            title={source ? `No ${SOURCE_LABELS[source].toLowerCase()} errors` : 'No errors recorded'}
            description="Unexpected errors on the server, in browsers and in background jobs are listed here with their reference."
          />
        }
      />

      <ErrorReportDialog digest={digest} onOpenChange={(open) => (open ? null : setParam('digest', null))} />
    </div>
  );
}
