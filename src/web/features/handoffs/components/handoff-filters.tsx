import { ClearFiltersButton, FilterBar, FilterSelect } from '@web/components/ui/filter-bar';
import { useMembers } from '@web/lib/queries/list-members';
import type { SessionOrganization } from '@contracts/session';
import { PRIORITY_LABELS, TYPE_LABELS } from '../labels';
import { HandoffPriority, HandoffType, type HandoffTab } from '@contracts/handoffs';
import type { HandoffFilterKey } from '../use-handoff-list-params';

export interface HandoffFiltersProps {
  tab: HandoffTab;
  filters: Record<HandoffFilterKey, string | undefined>;
  organizations: readonly SessionOrganization[];
  currentUserId: string;
  hasFilters: boolean;
  onChange: (key: HandoffFilterKey, value: string | undefined) => void;
  onClear: () => void;
}

/** Organization, type, priority and assignee filters of the queue (kept in the URL). */
export function HandoffFilters({ tab, filters, organizations, currentUserId, hasFilters, onChange, onClear }: HandoffFiltersProps) {
  // Several organizations (analytics' drill-down) have no one list of members.
  const members = useMembers(filters.org && !filters.org.includes(',') ? filters.org : null);
  const people = (members.data ?? []).filter((m) => m.id !== currentUserId && m.role !== 'developer');
  return (
    <FilterBar label="Filter handoffs" className="grid grid-cols-2 gap-3 lg:grid-cols-[repeat(4,minmax(9rem,1fr))_auto] lg:items-end">
      {organizations.length > 1 ? (
        <FilterSelect
          label="Organization"
          className="col-span-2 sm:col-span-1"
          value={filters.org}
          onChange={(v) => onChange('org', v)}
          anyLabel="All organizations"
          options={organizations.map((o) => ({ value: o.id, label: o.name }))}
        >
          {filters.org?.includes(',') ? (
            <option value={filters.org}>{filters.org.split(',').map((id) => organizations.find((o) => o.id === id)?.name ?? 'an organization').join(', ')}</option>
          ) : null}
        </FilterSelect>
      ) : null}
      <FilterSelect
        label="Type"
        value={filters.type}
        onChange={(v) => onChange('type', v)}
        anyLabel="All types"
        options={HandoffType.options.map((t) => ({ value: t, label: TYPE_LABELS[t] }))}
      />
      <FilterSelect
        label="Priority"
        value={filters.priority}
        onChange={(v) => onChange('priority', v)}
        anyLabel="Any priority"
        options={HandoffPriority.options.map((p) => ({ value: p, label: PRIORITY_LABELS[p] }))}
      />
      {tab !== 'mine' ? (
        <FilterSelect
          label="Assignee"
          className="col-span-2 sm:col-span-1"
          value={filters.assignee}
          onChange={(v) => onChange('assignee', v)}
          anyLabel="Anyone"
          options={[{ value: 'unassigned', label: 'Unassigned' }, { value: currentUserId, label: 'Me' }, ...people.map((m) => ({ value: m.id, label: m.name }))]}
        />
      ) : null}
      {hasFilters ? <ClearFiltersButton className="col-span-2 justify-self-start sm:col-span-1" onClick={onClear} /> : null}
    </FilterBar>
  );
}
