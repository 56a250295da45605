import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Profile, UpdateProfileBody } from '@contracts/profile';
import { apiFetch } from '@web/lib/api';
import { sessionQueryKey } from '@web/lib/queries/get-session';
import { profileQueryKey } from './get-profile';

/** `PATCH /api/profile` → the saved profile. */
export function updateProfile(input: UpdateProfileBody): Promise<Profile> {
  return apiFetch<Profile>('/api/profile', { method: 'PATCH', body: input });
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (profile, input) => {
      queryClient.setQueryData(profileQueryKey, profile);
      // The name is also shown in the user menu (from the session).
      if (input.name !== undefined) return queryClient.invalidateQueries({ queryKey: sessionQueryKey });
    },
  });
}
