import * as React from 'react';
import { useSearchParams } from 'react-router';
import { HandoffPriority, HandoffTab, HandoffType, type HandoffListParams } from '@contracts/handoffs';

function oneOf<T extends string>(value: string | null, allowed: readonly T[]): T | undefined {
  return value !== null && (allowed as readonly string[]).includes(value) ? (value as T) : undefined;
}

export type HandoffFilterKey = 'org' | 'type' | 'priority' | 'assignee';

/** The queue's tab and filters, kept in the URL (`?tab=&org=&type=&priority=&assignee=&page=`). */
export function useHandoffListParams() {
  const [searchParams, setSearchParams] = useSearchParams();
  const tab: HandoffTab = oneOf(searchParams.get('tab'), HandoffTab.options) ?? 'open';
  const page = Math.max(1, Number.parseInt(searchParams.get('page') ?? '1', 10) || 1);
  const filters = {
    org: searchParams.get('org') || undefined,
    type: oneOf(searchParams.get('type'), HandoffType.options),
    priority: oneOf(searchParams.get('priority'), HandoffPriority.options),
    assignee: searchParams.get('assignee') || undefined,
  };

  const update = React.useCallback(
    (changes: Record<string, string | undefined>) => {
      setSearchParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(changes)) {
            if (value === undefined || value === '') next.delete(key);
            else next.set(key, value);
          }
          if (!('page' in changes)) next.delete('page');
          return next;
        },
        { replace: true },
      );
    },
    [setSearchParams],
  );

  const params: HandoffListParams = {
    tab,
    organizationId: filters.org,
    type: filters.type,
    priority: filters.priority,
    assigneeId: tab === 'mine' ? undefined : filters.assignee,
    page,
  };
  return {
    tab,
    page,
    filters,
    params,
    hasFilters: Boolean(filters.org || filters.type || filters.priority || filters.assignee),
    setTab: (next: HandoffTab) => update({ tab: next === 'open' ? undefined : next }),
    setFilter: (key: HandoffFilterKey, value: string | undefined) => update({ [key]: value }),
    setPage: (next: number) => update({ page: next > 1 ? String(next) : undefined }),
    clearFilters: () => update({ org: undefined, type: undefined, priority: undefined, assignee: undefined }),
  };
}
