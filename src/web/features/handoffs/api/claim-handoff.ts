import { postHandoffAction, useHandoffsMutation } from './use-handoff-mutation';

/** `POST /api/handoffs/:id/claim` — atomic; 409 `already_claimed` ("Claimed by …") when someone was first. */
export const claimHandoff = (id: string) => postHandoffAction(id, 'claim');
export const useClaimHandoff = () => useHandoffsMutation(claimHandoff);
