import { UserSort, UserStatus, type UserListParams } from '@contracts/users';
import { ROLES, type Role } from '@domain/auth/permissions';
import type { PaginationState, SortingState } from '@web/components/ui/data-table';
import { useSearchParamsUpdate } from '@web/lib/use-search-params-update';

const PAGE_SIZES = [25, 50, 100];
const PAGE_KEYS = ['page'];
const DEFAULT_SORT: UserSort = 'name';

function oneOf<T extends string>(value: string | null, allowed: readonly T[]): T | undefined {
  return value !== null && (allowed as readonly string[]).includes(value) ? (value as T) : undefined;
}

function positiveInt(value: string | null, fallback: number): number {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : fallback;
}

export interface UserListFilters {
  q: string;
  role?: Role;
  status?: UserStatus;
  organizationId?: string;
}

/**
 * The users list state, kept in the URL (`?q=&role=&status=&org=&sort=&order=&page=&size=`) so
 * it survives reloads, can be shared and works with the back button.
 */
export function useUserListParams() {
  const { searchParams, update } = useSearchParamsUpdate(PAGE_KEYS);

  const filters: UserListFilters = {
    q: searchParams.get('q') ?? '',
    role: oneOf(searchParams.get('role'), ROLES),
    status: oneOf(searchParams.get('status'), UserStatus.options),
    organizationId: searchParams.get('org') || undefined,
  };
  const sort = oneOf(searchParams.get('sort'), UserSort.options) ?? DEFAULT_SORT;
  const order = searchParams.get('order') === 'desc' ? 'desc' : 'asc';
  const pageSizeParam = positiveInt(searchParams.get('size'), 25);
  const pageSize = PAGE_SIZES.includes(pageSizeParam) ? pageSizeParam : 25;
  const page = positiveInt(searchParams.get('page'), 1);

  const params: UserListParams = {
    q: filters.q.trim() || undefined,
    role: filters.role,
    status: filters.status,
    organizationId: filters.organizationId,
    sort,
    order,
    page,
    pageSize,
  };

  const sorting: SortingState = [{ id: sort, desc: order === 'desc' }];
  const pagination: PaginationState = { pageIndex: page - 1, pageSize };

  return {
    params,
    filters,
    sorting,
    pagination,
    pageSizes: PAGE_SIZES,
    hasFilters: Boolean(filters.q || filters.role || filters.status || filters.organizationId),
    setFilter: (key: 'q' | 'role' | 'status' | 'org', value: string | undefined) => update({ [key]: value }),
    clearFilters: () => update({ q: undefined, role: undefined, status: undefined, org: undefined }),
    setSorting: (next: SortingState) => {
      const first = next[0];
      const nextSort = oneOf(first?.id ?? null, UserSort.options);
      update(
        nextSort
          ? { sort: nextSort === DEFAULT_SORT && !first.desc ? undefined : nextSort, order: first.desc ? 'desc' : undefined }
          : { sort: undefined, order: undefined },
      );
    },
    setPagination: (next: PaginationState) =>
      update(
        { page: next.pageIndex > 0 ? String(next.pageIndex + 1) : undefined, size: next.pageSize !== 25 ? String(next.pageSize) : undefined },
        { resetPage: false },
      ),
  };
}
