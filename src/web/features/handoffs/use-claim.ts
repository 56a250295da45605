import { useToast } from '@web/components/ui/toast';
import { errorMessage, isApiError } from '@web/lib/api';
import { useClaimHandoff } from './api/claim-handoff';

/**
 * Claims a handoff and says how it went. A lost race (409 `already_claimed`) says who has it —
 * "Claimed by Sam Supervisor" — and the queue refreshes (the mutation invalidates it).
 */
export function useClaimWithFeedback() {
  const claim = useClaimHandoff();
  const { toast } = useToast();
  return {
    claimingId: claim.isPending ? claim.variables : undefined,
    error: claim.error,
    claim: (id: string, label: string) =>
      claim.mutate(id, {
        onSuccess: () => toast({ title: 'Claimed', description: `${label} is yours now.` }),
        onError: (error) =>
          toast({
            variant: 'error',
            title: isApiError(error) && error.code === 'already_claimed' ? error.message.replace(/\.$/, '') : 'Could not claim',
            description: isApiError(error) && error.code === 'already_claimed' ? 'Someone else took it first. The queue is up to date now.' : errorMessage(error),
          }),
      }),
  };
}
