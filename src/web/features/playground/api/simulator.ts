import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@web/lib/api';

/** An event of the simulated call, as each step returns it (the same records as a phone call). */
export interface SimulatorEvent {
  seq: number;
  kind: string;
  payload: Record<string, unknown>;
  latencyMs: number | null;
  at: string;
}

export type TransferResult = 'completed' | 'no-answer' | 'busy' | 'failed';

export interface StartedCall {
  callId: string;
  organizationId: string;
  agentText: string;
  ended: boolean;
  events: SimulatorEvent[];
}

export interface TurnResult {
  agentText: string;
  ended: boolean;
  transfer: { target: string; result: string } | null;
  events: SimulatorEvent[];
}

/** `POST /api/simulator/calls` — a new simulated inbound call; answers the greeting. */
export function startSimulatedCall(body: { organizationId: string; from?: string }): Promise<StartedCall> {
  return apiFetch<StartedCall>('/api/simulator/calls', { method: 'POST', body });
}

/** `POST /api/simulator/calls/:id/turns` — say something as the caller (empty text is silence). */
export function sayAsCaller({ callId, ...body }: { callId: string; text: string; transferResult: TransferResult }): Promise<TurnResult> {
  return apiFetch<TurnResult>(`/api/simulator/calls/${encodeURIComponent(callId)}/turns`, { method: 'POST', body });
}

/** `POST /api/simulator/calls/:id/hangup` */
export function hangUpSimulatedCall(callId: string): Promise<{ ended: true; events: SimulatorEvent[] }> {
  return apiFetch(`/api/simulator/calls/${encodeURIComponent(callId)}/hangup`, { method: 'POST' });
}

// Every step makes or changes a real call: the calls list and overview refetch.
function useInvalidateCalls() {
  const queryClient = useQueryClient();
  return () => Promise.all([queryClient.invalidateQueries({ queryKey: ['calls'] }), queryClient.invalidateQueries({ queryKey: ['overview'] })]);
}

export function useStartSimulatedCall() {
  const invalidate = useInvalidateCalls();
  return useMutation({ mutationFn: startSimulatedCall, onSuccess: () => void invalidate() });
}

export function useSayAsCaller() {
  const invalidate = useInvalidateCalls();
  return useMutation({ mutationFn: sayAsCaller, onSuccess: () => void invalidate() });
}

export function useHangUp() {
  const invalidate = useInvalidateCalls();
  return useMutation({ mutationFn: hangUpSimulatedCall, onSuccess: () => void invalidate() });
}
