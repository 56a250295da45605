import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import { Button } from '@web/components/ui/button';
import { DataTable, type DataTableProps, type SortingState } from '@web/components/ui/data-table';
import { EmptyState } from '@web/components/ui/empty-state';

/** What the table reads of a list query (TanStack Query's result has it). */
export interface ListQuery<TData> {
  data: { items: TData[] } | undefined;
  isPending: boolean;
  isFetching: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
}

/** What the table reads of a list's URL state (the `use<X>ListParams` hooks return it). */
export interface ListState {
  sorting: SortingState;
  setSorting: (next: SortingState) => void;
  pageSizes: number[];
  hasFilters: boolean;
  clearFilters: () => void;
}

export interface ListEmpty {
  icon: LucideIcon;
  headingLevel: 'h2' | 'h3';
  /** Shown when filters are set and nothing matches (with a "Clear filters" button). */
  noMatch: { title: string; description: string };
  /** Shown when there is nothing at all. */
  none: { title: string; description: string; action?: ReactNode };
}

export interface ListDataTableProps<TData>
  extends Omit<DataTableProps<TData>, 'data' | 'isLoading' | 'isFetching' | 'error' | 'onRetry' | 'sorting' | 'onSortingChange' | 'pageSizeOptions' | 'empty'> {
  query: ListQuery<TData>;
  list: ListState;
  empty: ListEmpty;
}

/**
 * A list page's table: rows, loading, error and retry from the query; sorting, page sizes and
 * the "no match / nothing yet" empty states from the list's URL state.
 */
export function ListDataTable<TData>({ query, list, empty, ...table }: ListDataTableProps<TData>) {
  return (
    <DataTable
      {...table}
      data={query.data?.items}
      sorting={list.sorting}
      onSortingChange={list.setSorting}
      isLoading={query.isPending}
      isFetching={query.isFetching}
      error={query.isError ? query.error : undefined}
      onRetry={() => void query.refetch()}
      pageSizeOptions={list.pageSizes}
      empty={
        list.hasFilters ? (
          <EmptyState
            headingLevel={empty.headingLevel}
            icon={empty.icon}
            title={empty.noMatch.title}
            description={empty.noMatch.description}
            action={
              <Button variant="outline" onClick={list.clearFilters}>
                Clear filters
              </Button>
            }
          />
        ) : (
          <EmptyState headingLevel={empty.headingLevel} icon={empty.icon} title={empty.none.title} description={empty.none.description} action={empty.none.action} />
        )
      }
    />
  );
}
