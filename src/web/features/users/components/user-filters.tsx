import * as React from 'react';
import { Search } from 'lucide-react';
import { UserStatus } from '@contracts/users';
import { ROLES, ROLE_LABELS } from '@domain/auth/permissions';
import { ClearFiltersButton, FilterBar, FilterSelect } from '@web/components/ui/filter-bar';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { useDebouncedValue } from '@web/lib/use-debounced-value';
import type { OrganizationOption } from '@web/lib/queries/list-organization-options';
import { USER_STATUS_LABELS } from '../user-status';
import type { UserListFilters } from '../use-user-list-params';

export interface UserFiltersProps {
  filters: UserListFilters;
  organizations: OrganizationOption[] | undefined;
  hasFilters: boolean;
  onChange: (key: 'q' | 'role' | 'status' | 'org', value: string | undefined) => void;
  onClear: () => void;
}

/** Search (debounced) and filters of the users list. */
export function UserFilters({ filters, organizations, hasFilters, onChange, onClear }: UserFiltersProps) {
  const id = React.useId();
  const [search, setSearch] = React.useState(filters.q);
  const debounced = useDebouncedValue(search, 300);

  // Send the search to the URL once typing pauses.
  React.useEffect(() => {
    if (debounced.trim() !== filters.q.trim()) onChange('q', debounced.trim() || undefined);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the debounced text changes
  }, [debounced]);

  // The URL changed from elsewhere (clear filters, back button): show it.
  const [lastUrlQ, setLastUrlQ] = React.useState(filters.q);
  if (filters.q !== lastUrlQ) {
    setLastUrlQ(filters.q);
    if (filters.q.trim() !== search.trim()) setSearch(filters.q);
  }

  return (
    <FilterBar label="Filter users" className="grid grid-cols-2 gap-3 lg:grid-cols-[minmax(14rem,2fr)_repeat(3,minmax(9rem,1fr))_auto] lg:items-end">
      <div className="col-span-2 space-y-1.5 lg:col-span-1">
        <Label htmlFor={`${id}-q`}>Search</Label>
        <div className="relative">
          <Search aria-hidden="true" className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" />
          <Input
            id={`${id}-q`}
            type="search"
            placeholder="Name or email"
            autoComplete="off"
            spellCheck={false}
            className="pl-9"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
        </div>
      </div>
      <FilterSelect
        label="Role"
        value={filters.role}
        onChange={(v) => onChange('role', v)}
        anyLabel="All roles"
        options={ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }))}
      />
      <FilterSelect
        label="Status"
        value={filters.status}
        onChange={(v) => onChange('status', v)}
        anyLabel="Any status"
        options={UserStatus.options.map((status) => ({ value: status, label: USER_STATUS_LABELS[status] }))}
      />
      <FilterSelect
        label="Organization"
        className="col-span-2 sm:col-span-1 lg:col-span-1"
        value={filters.organizationId}
        onChange={(v) => onChange('org', v)}
        anyLabel="All organizations"
        options={(organizations ?? []).map((organization) => ({ value: organization.id, label: organization.name }))}
      />
      {hasFilters ? (
        <ClearFiltersButton
          className="col-span-2 justify-self-start lg:col-span-1"
          onClick={() => {
            setSearch('');
            onClear();
          }}
        />
      ) : (
        <span aria-hidden="true" className="hidden lg:block" />
      )}
    </FilterBar>
  );
}
