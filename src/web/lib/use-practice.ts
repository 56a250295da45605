import * as React from 'react';
import type { Practice } from '@web/lib/format-date';
import { useSession } from './queries/get-session';

/**
 * The conventions of the signed-in user's organizations (their country and zone, from the
 * session), to show each one's records in its own clock, zone and number format (issue 28).
 * Answers a lookup by organization id; undefined for an organization the session does not list.
 */
export function usePractices(): (organizationId: string | null | undefined) => Practice | undefined {
  const { data } = useSession();
  const organizations = data?.organizations;
  return React.useMemo(() => {
    const byId = new Map((organizations ?? []).map((o) => [o.id, { country: o.country, timeZone: o.timeZone }]));
    return (id) => (id ? byId.get(id) : undefined);
  }, [organizations]);
}

/** One organization's conventions (see usePractices). */
export function usePractice(organizationId: string | null | undefined): Practice | undefined {
  return usePractices()(organizationId);
}
