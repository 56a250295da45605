import * as React from 'react';
import { useLocation } from 'react-router';
import type { SortingState } from '@web/components/ui/data-table';
import { useSearchParamsUpdate } from '@web/lib/use-search-params-update';
import { CallDirection, CallListQuery, CallSort, CallStatus, type CallOutcome, type CallSearchBody } from '@contracts/calls';

const PAGE_SIZES = [25, 50, 100];
const DEFAULT_SIZE = 50;
const PAGE_KEYS = ['after', 'before', 'page'];
const DATE = /^\d{4}-\d{2}-\d{2}$/;
/** An exact instant (analytics' drill-down to one hour): `2026-03-02T14:00:00.000Z`. */
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?Z$/;
const HOUR_OF_WEEK = /^[1-7]-([01]\d|2[0-3])$/;
const dateOrInstant = (v: string | null) => (v && (DATE.test(v) || INSTANT.test(v)) ? v : undefined);

function oneOf<T extends string>(value: string | null, allowed: readonly T[]): T | undefined {
  return value !== null && (allowed as readonly string[]).includes(value) ? (value as T) : undefined;
}

export interface CallListFilters {
  q: string;
  phone: string;
  /** One organization id, or several separated by commas (analytics' drill-down). */
  organizationId?: string;
  direction?: CallDirection;
  status?: CallStatus;
  outcome?: CallOutcome | 'none';
  from?: string;
  to?: string;
  hasHandoff?: 'yes' | 'no';
  live?: boolean;
  /** Weekday-hour (`1-09`) and the zone it is read in: set by analytics' heatmap. */
  hourOfWeek?: string;
  timeZone?: string;
}

export type CallFilterKey = 'q' | 'phone' | 'org' | 'direction' | 'status' | 'outcome' | 'from' | 'to' | 'handoff' | 'live' | 'how' | 'tz';
/** The filters that name people: kept in the page's history state, never in its address. */
type PersonalKey = 'q' | 'phone';
const PERSONAL_KEYS: PersonalKey[] = ['q', 'phone'];
const URL_FILTER_KEYS: CallFilterKey[] = ['org', 'direction', 'status', 'outcome', 'from', 'to', 'handoff', 'live', 'how', 'tz'];

interface CallSearchState {
  callSearch?: Partial<Record<PersonalKey, string>>;
}
const searchOf = (state: unknown): Partial<Record<PersonalKey, string>> => (state as CallSearchState | null)?.callSearch ?? {};
const isPersonal = (key: CallFilterKey): key is PersonalKey => (PERSONAL_KEYS as string[]).includes(key);

/**
 * The calls list state. The filters that say nothing about a person, the sort and the page are in
 * the URL (`?org=&direction=&status=&outcome=&from=&to=&handoff=&live=&sort=&order=&size=
 * &after=|before=&page=`), so they can be shared and survive reloads. The transcript words and
 * the phone number name people, so they stay out of the address, the browser's history list and
 * server logs: they live in the history entry's state, which a reload of the same tab keeps and a
 * copied link does not carry. The server is asked by POST (list-calls.ts). Pages are keyset
 * cursors; `page` only numbers them for people.
 */
export function useCallListParams() {
  const { searchParams, update } = useSearchParamsUpdate(PAGE_KEYS);
  const { state } = useLocation() as { state: unknown };
  const get = (k: string) => searchParams.get(k);
  const search = searchOf(state);

  // An older link or bookmark with ?q= or ?phone=: its search moves out of the address.
  const inUrl = PERSONAL_KEYS.filter((k) => searchParams.has(k));
  React.useEffect(() => {
    if (inUrl.length === 0) return;
    const moved = Object.fromEntries(inUrl.map((k) => [k, searchParams.get(k) ?? '']));
    update(Object.fromEntries(inUrl.map((k) => [k, undefined])), { resetPage: false, state: { ...(state as object | null), callSearch: { ...search, ...moved } } });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when such a link is opened
  }, [inUrl.join()]);

  const filters: CallListFilters = {
    q: search.q ?? get('q') ?? '',
    phone: search.phone ?? get('phone') ?? '',
    organizationId: get('org') || undefined,
    direction: oneOf(get('direction'), CallDirection.options),
    status: oneOf(get('status'), CallStatus.options),
    outcome: oneOf(get('outcome'), CallListQuery.shape.outcome.unwrap().options),
    from: dateOrInstant(get('from')),
    to: dateOrInstant(get('to')),
    hasHandoff: oneOf(get('handoff'), ['yes', 'no'] as const),
    live: get('live') === '1' || undefined,
    hourOfWeek: HOUR_OF_WEEK.test(get('how') ?? '') ? get('how')! : undefined,
    timeZone: get('tz') || undefined,
  };
  const sort = oneOf(get('sort'), CallSort.options) ?? 'startedAt';
  const order = get('order') === 'asc' ? 'asc' : 'desc';
  const sizeParam = Number(get('size'));
  const pageSize = PAGE_SIZES.includes(sizeParam) ? sizeParam : DEFAULT_SIZE;
  const after = get('after') || undefined;
  const before = after ? undefined : get('before') || undefined;
  const pageNumber = Math.max(1, Math.min(100_000, Number.parseInt(get('page') ?? '1', 10) || 1));

  const organizationIds = filters.organizationId?.split(',').filter(Boolean) ?? [];
  const params: CallSearchBody = {
    q: filters.q.trim() || undefined,
    phone: filters.phone.trim() || undefined,
    organizationId: organizationIds.length === 1 ? organizationIds[0] : undefined,
    organizationIds: organizationIds.length > 1 ? organizationIds : undefined,
    direction: filters.direction,
    status: filters.status,
    outcome: filters.outcome,
    from: filters.from,
    to: filters.to,
    hasHandoff: filters.hasHandoff === undefined ? undefined : filters.hasHandoff === 'yes',
    live: filters.live,
    hourOfWeek: filters.hourOfWeek,
    timeZone: filters.hourOfWeek ? filters.timeZone : undefined,
    sort,
    order,
    limit: pageSize,
    after,
    before,
  };

  const sorting: SortingState = [{ id: sort, desc: order === 'desc' }];
  const hasFilters = URL_FILTER_KEYS.some((k) => Boolean(get(k))) || Boolean(filters.q || filters.phone);
  const withSearch = (changes: Partial<Record<PersonalKey, string | undefined>>) => ({
    ...(state as object | null),
    callSearch: { ...search, ...changes },
  });

  return {
    params,
    filters,
    sorting,
    pageSize,
    pageNumber,
    pageSizes: PAGE_SIZES,
    hasFilters,
    setFilter: (key: CallFilterKey, value: string | undefined) => (isPersonal(key) ? update({}, { state: withSearch({ [key]: value }) }) : update({ [key]: value })),
    clearFilters: () => update(Object.fromEntries([...URL_FILTER_KEYS, ...PERSONAL_KEYS].map((k) => [k, undefined])), { state: withSearch({ q: undefined, phone: undefined }) }),
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
