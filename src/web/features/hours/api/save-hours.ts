import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { HoursBody, OrganizationHours } from '@contracts/hours';
import { apiFetch } from '@web/lib/api';
import { organizationsQueryKey } from '@web/lib/queries/list-organizations';
import { hoursQueryKey } from './get-hours';

/**
 * `PUT /api/organizations/:id/hours` with the version the edit started from. 400 with a message
 * per field (`weekly.3.end`, `overrides.0.to`); 409 `stale_version` when someone saved since.
 */
export function saveHours({ organizationId, ...body }: HoursBody & { organizationId: string }): Promise<OrganizationHours> {
  return apiFetch<OrganizationHours>(`/api/organizations/${encodeURIComponent(organizationId)}/hours`, { method: 'PUT', body });
}

export function useSaveHours() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveHours,
    onSuccess: (saved) => {
      queryClient.setQueryData([...hoursQueryKey, saved.organizationId], saved);
      return queryClient.invalidateQueries({ queryKey: [...organizationsQueryKey, 'open-now'] });
    },
  });
}
