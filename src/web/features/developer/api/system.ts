import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FailedJobListResponse, QueueHealth } from '@contracts/system';
import { apiFetch } from '@web/lib/api';

const key = ['developer', 'system'] as const;

export const useQueueHealth = () =>
  useQuery({ queryKey: [...key, 'queue'], queryFn: ({ signal }) => apiFetch<QueueHealth>('/api/developer/system/queue', { signal }), refetchInterval: 5000 });

export const useFailedJobs = (enabled: boolean) =>
  useQuery({ queryKey: [...key, 'failed'], queryFn: ({ signal }) => apiFetch<FailedJobListResponse>('/api/developer/system/failed-jobs', { signal }), enabled, refetchInterval: 10_000 });

export function useRetryJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch<{ id: string; retried: boolean }>(`/api/developer/system/failed-jobs/${id}/retry`, { method: 'POST' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}
