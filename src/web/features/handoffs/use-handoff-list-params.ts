import * as React from 'react';
import { useSearchParams } from 'react-router';
import { FunnelStep, HandoffPriority, HandoffTab, HandoffType, type HandoffListParams } from '@contracts/handoffs';
import { APPOINTMENT_SOURCES } from '@domain/appointment-requests/state';

function oneOf<T extends string>(value: string | null, allowed: readonly T[]): T | undefined {
  return value !== null && (allowed as readonly string[]).includes(value) ? (value as T) : undefined;
}

export type HandoffFilterKey = 'org' | 'type' | 'priority' | 'assignee';

/** A funnel step opened from analytics: its requests' handoffs, of every status. */
export interface RequestSliceParams {
  step: FunnelStep;
  source?: (typeof APPOINTMENT_SOURCES)[number];
  from: string;
  to: string;
}

const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?Z$/;

/**
 * The queue's tab and filters, kept in the URL (`?tab=&org=&type=&priority=&assignee=&page=`;
 * from analytics also `rstep=&rsource=&rfrom=&rto=` and `org=a,b`).
 */
export function useHandoffListParams() {
  const [searchParams, setSearchParams] = useSearchParams();
  const step = oneOf(searchParams.get('rstep'), FunnelStep.options);
  const rfrom = searchParams.get('rfrom') ?? '';
  const rto = searchParams.get('rto') ?? '';
  const slice: RequestSliceParams | undefined =
    step && INSTANT.test(rfrom) && INSTANT.test(rto) ? { step, source: oneOf(searchParams.get('rsource'), APPOINTMENT_SOURCES), from: rfrom, to: rto } : undefined;
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

  const orgs = filters.org?.split(',').filter(Boolean) ?? [];
  const params: HandoffListParams = {
    // A funnel step counts requests whatever became of their handoffs.
    tab: slice ? 'all' : tab,
    organizationId: orgs.length === 1 ? orgs[0] : undefined,
    organizationIds: orgs.length > 1 ? orgs : undefined,
    requestStep: slice?.step,
    requestSource: slice?.source,
    requestFrom: slice?.from,
    requestTo: slice?.to,
    type: filters.type,
    priority: filters.priority,
    assigneeId: tab === 'mine' ? undefined : filters.assignee,
    page,
  };
  return {
    tab,
    slice,
    clearSlice: () => update({ rstep: undefined, rsource: undefined, rfrom: undefined, rto: undefined, tab: undefined }),
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
