import * as React from 'react';
import {
  flexRender,
  getCoreRowModel,
  useReactTable,
  type ColumnDef,
  type PaginationState,
  type SortingState,
  type Updater,
} from '@tanstack/react-table';
import { ArrowDown, ArrowUp, ArrowUpDown, ChevronLeft, ChevronRight } from 'lucide-react';
import { errorMessage } from '@web/lib/api';
import { cn } from '@web/lib/utils';
import { Alert } from './alert';
import { Button } from './button';
import { Skeleton } from './skeleton';
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from './table';

export type { ColumnDef, PaginationState, SortingState } from '@tanstack/react-table';

export interface DataTableProps<TData> {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- TanStack's column value type varies per column
  columns: ColumnDef<TData, any>[];
  data: TData[] | undefined;
  /** Accessible name of the table (rendered as a visually hidden caption). */
  label: string;
  /** Server-side pagination: the current page and page size. */
  pagination: PaginationState;
  onPaginationChange: (next: PaginationState) => void;
  /** Total number of rows on the server; omit for cursor-style lists and pass `hasNextPage`. */
  total?: number;
  hasNextPage?: boolean;
  /** Server-side sorting; columns are sortable unless `enableSorting: false`. */
  sorting?: SortingState;
  onSortingChange?: (next: SortingState) => void;
  isLoading?: boolean;
  /** A refetch is running while the previous page is still shown. */
  isFetching?: boolean;
  error?: unknown;
  onRetry?: () => void;
  /** What to show when there are no rows (an EmptyState). */
  empty?: React.ReactNode;
  getRowId?: (row: TData, index: number) => string;
  pageSizeOptions?: number[];
  className?: string;
}

/**
 * At phone width (below `sm`) every row is a card: its cells stack, each led by its column's
 * name (from `data-label`), and the header row is read only by screen readers. The table keeps
 * its roles, since browsers drop a table's semantics when its display changes.
 */
const PHONE_ROW = 'max-sm:block max-sm:px-4 max-sm:py-3';
const PHONE_CELL =
  'max-sm:flex max-sm:min-h-7 max-sm:items-baseline max-sm:justify-between max-sm:gap-4 max-sm:px-0 max-sm:py-1 max-sm:text-right max-sm:before:shrink-0 max-sm:before:text-left max-sm:before:text-xs max-sm:before:font-semibold max-sm:before:uppercase max-sm:before:tracking-wide max-sm:before:text-muted-foreground max-sm:before:content-[attr(data-label)]';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any column of any table
function columnLabel(def: ColumnDef<any, any>): string {
  const meta = def.meta as { label?: string } | undefined;
  if (meta?.label !== undefined) return meta.label;
  return typeof def.header === 'string' ? def.header : '';
}

function resolve<T>(updater: Updater<T>, current: T): T {
  return typeof updater === 'function' ? (updater as (old: T) => T)(current) : updater;
}

/**
 * A table for server-paginated, server-sorted lists (TanStack Table v8, manual mode).
 * The caller owns the state (usually in the URL) and fetches the page it describes.
 */
export function DataTable<TData>({
  columns,
  data,
  label,
  pagination,
  onPaginationChange,
  total,
  hasNextPage,
  sorting = [],
  onSortingChange,
  isLoading,
  isFetching,
  error,
  onRetry,
  empty,
  getRowId,
  pageSizeOptions = [25, 50, 100],
  className,
}: DataTableProps<TData>) {
  const pageCount = total !== undefined ? Math.max(1, Math.ceil(total / pagination.pageSize)) : -1;

  const table = useReactTable({
    data: data ?? [],
    columns,
    getRowId,
    getCoreRowModel: getCoreRowModel(),
    manualPagination: true,
    manualSorting: true,
    enableSorting: Boolean(onSortingChange),
    enableMultiSort: false,
    pageCount,
    state: { pagination, sorting },
    onPaginationChange: (updater) => onPaginationChange(resolve(updater, pagination)),
    onSortingChange: (updater) => {
      onSortingChange?.(resolve(updater, sorting));
      if (pagination.pageIndex !== 0) onPaginationChange({ ...pagination, pageIndex: 0 });
    },
  });

  const rows = table.getRowModel().rows;
  const columnCount = table.getVisibleLeafColumns().length;
  const first = pagination.pageIndex * pagination.pageSize + 1;
  const last = pagination.pageIndex * pagination.pageSize + rows.length;
  const canPrevious = pagination.pageIndex > 0;
  const canNext = total !== undefined ? pagination.pageIndex + 1 < pageCount : Boolean(hasNextPage);
  const pageSizeId = React.useId();

  let body: React.ReactNode = null;
  // An error or an empty list is said in place of the table, not in a cell of it: a cell spans
  // the table's full width, which on a phone is wider than the screen (the text sat off-centre).
  let message: React.ReactNode = null;
  if (isLoading) {
    body = Array.from({ length: Math.min(pagination.pageSize, 8) }, (_, i) => (
      <TableRow key={`skeleton-${i}`} role="row" className={cn('hover:bg-transparent', PHONE_ROW)}>
        {Array.from({ length: columnCount }, (_, j) => (
          <TableCell key={j} role="cell" className={PHONE_CELL}>
            <Skeleton className="h-4 w-full max-w-40" />
          </TableCell>
        ))}
      </TableRow>
    ));
  } else if (error) {
    message = (
      <div className="p-4">
        <Alert variant="destructive" title="This list could not be loaded." assertive>
          <p>{errorMessage(error)}</p>
          {onRetry ? (
            <Button variant="outline" size="sm" className="mt-2" onClick={onRetry}>
              Try again
            </Button>
          ) : null}
        </Alert>
      </div>
    );
  } else if (rows.length === 0) {
    message = empty ?? <p className="px-4 py-10 text-center text-sm text-muted-foreground">Nothing to show.</p>;
  } else {
    body = rows.map((row) => (
      <TableRow key={row.id} role="row" className={PHONE_ROW}>
        {row.getVisibleCells().map((cell) => (
          <TableCell key={cell.id} role="cell" data-label={columnLabel(cell.column.columnDef)} className={PHONE_CELL}>
            {flexRender(cell.column.columnDef.cell, cell.getContext())}
          </TableCell>
        ))}
      </TableRow>
    ));
  }

  return (
    <div className={cn('overflow-hidden rounded-xl border border-border bg-card', className)}>
      <div aria-busy={isLoading || isFetching || undefined} className={cn(isFetching && !isLoading && 'opacity-70 transition-opacity')}>
        {message ?? (
          <Table label={label} role="table" className="max-sm:block">
            <TableCaption className="sr-only">{label}</TableCaption>
            <TableHeader role="rowgroup" className="max-sm:sr-only">
              {table.getHeaderGroups().map((headerGroup) => (
                <TableRow key={headerGroup.id} role="row" className="hover:bg-transparent">
                  {headerGroup.headers.map((header) => {
                    const canSort = header.column.getCanSort();
                    const sorted = header.column.getIsSorted();
                    const content = header.isPlaceholder ? null : flexRender(header.column.columnDef.header, header.getContext());
                    return (
                      <TableHead
                        key={header.id}
                        role="columnheader"
                        scope="col"
                        aria-sort={canSort ? (sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : 'none') : undefined}
                      >
                        {canSort ? (
                          <button
                            type="button"
                            onClick={header.column.getToggleSortingHandler()}
                            className="-mx-1.5 inline-flex items-center gap-1 rounded px-1.5 py-1 uppercase hover:text-foreground"
                          >
                            {content}
                            {sorted === 'asc' ? (
                              <ArrowUp aria-hidden="true" className="size-3.5" />
                            ) : sorted === 'desc' ? (
                              <ArrowDown aria-hidden="true" className="size-3.5" />
                            ) : (
                              <ArrowUpDown aria-hidden="true" className="size-3.5 opacity-60" />
                            )}
                          </button>
                        ) : (
                          content
                        )}
                      </TableHead>
                    );
                  })}
                </TableRow>
              ))}
            </TableHeader>
            <TableBody role="rowgroup" className="max-sm:block">
              {body}
            </TableBody>
          </Table>
        )}
      </div>

      <nav
        aria-label={`${label} pages`}
        className="flex flex-col gap-3 border-t border-border px-4 py-3 text-sm sm:flex-row sm:items-center sm:justify-between"
      >
        <p className="text-muted-foreground" aria-live="polite">
          {isLoading
            ? 'Loading…'
            : rows.length === 0
              ? 'No results'
              : total !== undefined
                ? `Showing ${first.toLocaleString()}–${last.toLocaleString()} of ${total.toLocaleString()}`
                : `Showing ${first.toLocaleString()}–${last.toLocaleString()}`}
        </p>
        <div className="flex flex-wrap items-center gap-3">
          <div className="flex items-center gap-2">
            <label htmlFor={pageSizeId} className="text-muted-foreground">
              Rows per page
            </label>
            <select
              id={pageSizeId}
              className="h-8 rounded-md border border-input bg-card px-2 text-sm"
              value={pagination.pageSize}
              onChange={(event) => onPaginationChange({ pageIndex: 0, pageSize: Number(event.target.value) })}
            >
              {pageSizeOptions.map((size) => (
                <option key={size} value={size}>
                  {size}
                </option>
              ))}
            </select>
          </div>
          <div className="flex items-center gap-1">
            <Button
              variant="outline"
              size="sm"
              disabled={!canPrevious || isLoading}
              onClick={() => onPaginationChange({ ...pagination, pageIndex: pagination.pageIndex - 1 })}
            >
              <ChevronLeft aria-hidden="true" />
              Previous
            </Button>
            {total !== undefined ? (
              <span className="px-2 text-muted-foreground">
                Page {pagination.pageIndex + 1} of {pageCount}
              </span>
            ) : null}
            <Button
              variant="outline"
              size="sm"
              disabled={!canNext || isLoading}
              onClick={() => onPaginationChange({ ...pagination, pageIndex: pagination.pageIndex + 1 })}
            >
              Next
              <ChevronRight aria-hidden="true" />
            </Button>
          </div>
        </div>
      </nav>
    </div>
  );
}
