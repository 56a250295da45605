import * as React from 'react';
import { X } from 'lucide-react';
import { Button } from '@web/components/ui/button';
import { Label } from '@web/components/ui/label';
import { Select } from '@web/components/ui/select';
import { useMembers } from '@web/features/organizations/api/list-members';
import type { SessionOrganization } from '@web/features/session/types';
import { PRIORITY_LABELS, TYPE_LABELS } from '../labels';
import { HANDOFF_PRIORITIES, HANDOFF_TYPES, type HandoffTab } from '../types';
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
  const id = React.useId();
  const members = useMembers(filters.org ?? null);
  const people = (members.data ?? []).filter((m) => m.id !== currentUserId && m.role !== 'developer');
  return (
    <div role="search" aria-label="Filter handoffs" className="grid grid-cols-2 gap-3 lg:grid-cols-[repeat(4,minmax(9rem,1fr))_auto] lg:items-end">
      {organizations.length > 1 ? (
        <div className="col-span-2 space-y-1.5 sm:col-span-1">
          <Label htmlFor={`${id}-org`}>Organization</Label>
          <Select id={`${id}-org`} value={filters.org ?? ''} onChange={(e) => onChange('org', e.target.value || undefined)}>
            <option value="">All organizations</option>
            {organizations.map((o) => (
              <option key={o.id} value={o.id}>
                {o.name}
              </option>
            ))}
          </Select>
        </div>
      ) : null}
      <div className="space-y-1.5">
        <Label htmlFor={`${id}-type`}>Type</Label>
        <Select id={`${id}-type`} value={filters.type ?? ''} onChange={(e) => onChange('type', e.target.value || undefined)}>
          <option value="">All types</option>
          {HANDOFF_TYPES.map((t) => (
            <option key={t} value={t}>
              {TYPE_LABELS[t]}
            </option>
          ))}
        </Select>
      </div>
      <div className="space-y-1.5">
        <Label htmlFor={`${id}-priority`}>Priority</Label>
        <Select id={`${id}-priority`} value={filters.priority ?? ''} onChange={(e) => onChange('priority', e.target.value || undefined)}>
          <option value="">Any priority</option>
          {HANDOFF_PRIORITIES.map((p) => (
            <option key={p} value={p}>
              {PRIORITY_LABELS[p]}
            </option>
          ))}
        </Select>
      </div>
      {tab !== 'mine' ? (
        <div className="col-span-2 space-y-1.5 sm:col-span-1">
          <Label htmlFor={`${id}-assignee`}>Assignee</Label>
          <Select id={`${id}-assignee`} value={filters.assignee ?? ''} onChange={(e) => onChange('assignee', e.target.value || undefined)}>
            <option value="">Anyone</option>
            <option value="unassigned">Unassigned</option>
            <option value={currentUserId}>Me</option>
            {people.map((m) => (
              <option key={m.id} value={m.id}>
                {m.name}
              </option>
            ))}
          </Select>
        </div>
      ) : null}
      {hasFilters ? (
        <Button variant="ghost" className="col-span-2 justify-self-start sm:col-span-1" onClick={onClear}>
          <X aria-hidden="true" />
          Clear filters
        </Button>
      ) : null}
    </div>
  );
}
