import { useLiveInvalidation } from '@web/lib/use-live-invalidation';

/** Campaign progress, job states and the queue summary refetch when the queue moves (live topic `outbound`). */
export function useLiveOutbound(): void {
  useLiveInvalidation(['outbound'], () => [['outbound']], 1000);
}
