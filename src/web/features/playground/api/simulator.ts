import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SimulatedCallStarted, SimulatedHangupView, SimulatedInterruptView, SimulatedTurnBody, SimulatedTurnView, StartSimulatedCallBody } from '@contracts/simulator';
import { apiFetch } from '@web/lib/api';

/** `POST /api/simulator/calls` — a new simulated inbound call; answers the greeting. */
export function startSimulatedCall(body: StartSimulatedCallBody): Promise<SimulatedCallStarted> {
  return apiFetch<SimulatedCallStarted>('/api/simulator/calls', { method: 'POST', body });
}

/** `POST /api/simulator/calls/:id/turns` — say something as the caller (empty text is silence). */
export function sayAsCaller({ callId, ...body }: SimulatedTurnBody & { callId: string }): Promise<SimulatedTurnView> {
  return apiFetch<SimulatedTurnView>(`/api/simulator/calls/${encodeURIComponent(callId)}/turns`, { method: 'POST', body });
}

/** `POST /api/simulator/calls/:id/hangup` */
export function hangUpSimulatedCall(callId: string): Promise<SimulatedHangupView> {
  return apiFetch(`/api/simulator/calls/${encodeURIComponent(callId)}/hangup`, { method: 'POST' });
}

/** `POST /api/simulator/calls/:id/interrupt` — the caller cut the agent off after `heard`. */
export function interruptAgent({ callId, heard }: { callId: string; heard: string }): Promise<SimulatedInterruptView> {
  return apiFetch<SimulatedInterruptView>(`/api/simulator/calls/${encodeURIComponent(callId)}/interrupt`, { method: 'POST', body: { heard } });
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

export function useInterruptAgent() {
  const invalidate = useInvalidateCalls();
  return useMutation({ mutationFn: interruptAgent, onSuccess: () => void invalidate() });
}
