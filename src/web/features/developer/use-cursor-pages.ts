import * as React from 'react';
import type { PaginationState } from '@web/components/ui/data-table';

/** One page of a newest-first list read with a cursor, and whether there is a page after it. */
export interface CursorPage<T> {
  items: T[];
  hasMore: boolean;
}

interface CursorPagesState<C> {
  /** cursors[i] reads page i; page 0 has none. */
  cursors: Array<C | undefined>;
  pageIndex: number;
  pageSize: number;
}

/**
 * Page-by-page reading of a newest-first list that the server pages with a `before` cursor
 * (no total): remembers the cursor of every page seen, so "Previous" goes back exactly.
 */
export function useCursorPages<C>(initialPageSize = 25) {
  const [state, setState] = React.useState<CursorPagesState<C>>({ cursors: [undefined], pageIndex: 0, pageSize: initialPageSize });

  const reset = React.useCallback(() => setState((s) => ({ cursors: [undefined], pageIndex: 0, pageSize: s.pageSize })), []);

  /** For DataTable's onPaginationChange; `nextCursor` is the cursor after the current page's last row. */
  const change = React.useCallback((next: PaginationState, nextCursor: C | undefined) => {
    setState((s) => {
      if (next.pageSize !== s.pageSize) return { cursors: [undefined], pageIndex: 0, pageSize: next.pageSize };
      if (next.pageIndex === s.pageIndex + 1) {
        if (nextCursor === undefined) return s;
        const cursors = s.cursors.slice(0, next.pageIndex);
        cursors[next.pageIndex] = nextCursor;
        return { ...s, cursors, pageIndex: next.pageIndex };
      }
      if (next.pageIndex < s.pageIndex) return { ...s, pageIndex: Math.max(0, next.pageIndex) };
      return s;
    });
  }, []);

  return {
    cursor: state.cursors[state.pageIndex],
    pagination: { pageIndex: state.pageIndex, pageSize: state.pageSize } satisfies PaginationState,
    change,
    reset,
  };
}
