import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@web/lib/api';
import { sessionQueryKey } from '@web/features/session/api/get-session';
import type { NotificationPreferences, Profile } from '../types';
import { profileQueryKey } from './get-profile';

export interface UpdateProfileInput {
  name?: string;
  /** Any common format; the server normalises it to E.164 (400 with `fields.phone` when it cannot). Null clears it. */
  phone?: string | null;
  notificationPreferences?: NotificationPreferences;
}

/** `PATCH /api/profile` → the saved profile. */
export function updateProfile(input: UpdateProfileInput): Promise<Profile> {
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
