import type { SortingState } from '@web/components/ui/data-table';
import { useSearchParamsUpdate } from '@web/lib/use-search-params-update';
import { CallDirection, CallListQuery, CallSort, CallStatus, type CallOutcome } from '@contracts/calls';

const PAGE_SIZES = [25, 50, 100];
const DEFAULT_SIZE = 50;
const PAGE_KEYS = ['after', 'before', 'page'];
const DATE = /^\d{4}-\d{2}-\d{2}$/;

function oneOf<T extends string>(value: string | null, allowed: readonly T[]): T | undefined {
  return value !== null && (allowed as readonly string[]).includes(value) ? (value as T) : undefined;
}

export interface CallListFilters {
  q: string;
  phone: string;
  organizationId?: string;
  direction?: CallDirection;
  status?: CallStatus;
  outcome?: CallOutcome | 'none';
  from?: string;
  to?: string;
  hasHandoff?: 'yes' | 'no';
  live?: boolean;
}

export type CallFilterKey = 'q' | 'phone' | 'org' | 'direction' | 'status' | 'outcome' | 'from' | 'to' | 'handoff' | 'live';
const FILTER_KEYS: CallFilterKey[] = ['q', 'phone', 'org', 'direction', 'status', 'outcome', 'from', 'to', 'handoff', 'live'];

/**
 * The calls list state, kept in the URL (`?q=&phone=&org=&direction=&status=&outcome=&from=&to=
 * &handoff=&live=&sort=&order=&size=&after=|before=&page=`) so it survives reloads, can be shared
 * and works with the back button. Pages are keyset cursors; `page` only numbers them for people.
 */
export function useCallListParams() {
  const { searchParams, update } = useSearchParamsUpdate(PAGE_KEYS);
  const get = (k: string) => searchParams.get(k);

  const filters: CallListFilters = {
    q: get('q') ?? '',
    phone: get('phone') ?? '',
    organizationId: get('org') || undefined,
    direction: oneOf(get('direction'), CallDirection.options),
    status: oneOf(get('status'), CallStatus.options),
    outcome: oneOf(get('outcome'), CallListQuery.shape.outcome.unwrap().options),
    from: DATE.test(get('from') ?? '') ? get('from')! : undefined,
    to: DATE.test(get('to') ?? '') ? get('to')! : undefined,
    hasHandoff: oneOf(get('handoff'), ['yes', 'no'] as const),
    live: get('live') === '1' || undefined,
  };
  const sort = oneOf(get('sort'), CallSort.options) ?? 'startedAt';
  const order = get('order') === 'asc' ? 'asc' : 'desc';
  const sizeParam = Number(get('size'));
  const pageSize = PAGE_SIZES.includes(sizeParam) ? sizeParam : DEFAULT_SIZE;
  const after = get('after') || undefined;
  const before = after ? undefined : get('before') || undefined;
  const pageNumber = Math.max(1, Math.min(100_000, Number.parseInt(get('page') ?? '1', 10) || 1));

  const params: CallListQuery = {
    q: filters.q.trim() || undefined,
    phone: filters.phone.trim() || undefined,
    organizationId: filters.organizationId,
    direction: filters.direction,
    status: filters.status,
    outcome: filters.outcome,
    from: filters.from,
    to: filters.to,
    hasHandoff: filters.hasHandoff === undefined ? undefined : filters.hasHandoff === 'yes',
    live: filters.live,
    sort,
    order,
    limit: pageSize,
    after,
    before,
  };

  const sorting: SortingState = [{ id: sort, desc: order === 'desc' }];
  const hasFilters = FILTER_KEYS.some((k) => Boolean(get(k)));

  return {
    params,
    filters,
    sorting,
    pageSize,
    pageNumber,
    pageSizes: PAGE_SIZES,
    hasFilters,
    setFilter: (key: CallFilterKey, value: string | undefined) => update({ [key]: value }),
    clearFilters: () => update(Object.fromEntries(FILTER_KEYS.map((k) => [k, undefined]))),
    setSorting: (next: SortingState) => {
      const first = next[0];
      const nextSort = oneOf(first?.id ?? null, CallSort.options);
      update(
        nextSort
          ? { sort: nextSort === 'startedAt' ? undefined : nextSort, order: first.desc ? undefined : 'asc' }
          : { sort: undefined, order: undefined },
      );
    },
    setPageSize: (size: number) => update({ size: size === DEFAULT_SIZE ? undefined : String(size) }),
    /** Moves one page along; the server's cursors say where. */
    goTo: (direction: 'next' | 'prev', cursor: string | null) => {
      if (!cursor) {
        // No way back from here (a shared link, say): start again from the first page.
        if (direction === 'prev') update({}, { resetPage: true });
        return;
      }
      const page = direction === 'next' ? pageNumber + 1 : pageNumber - 1;
      update(
        direction === 'next'
          ? { after: cursor, before: undefined, page: String(page) }
          : page <= 1
            ? { after: undefined, before: undefined, page: undefined }
            : { before: cursor, after: undefined, page: String(page) },
        { resetPage: false },
      );
    },
  };
}
