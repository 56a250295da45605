import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SimulatedCallStarted, SimulatedHangupView, SimulatedInterruptView, SimulatedTurnBody, SimulatedTurnStreamLine, SimulatedTurnView, StartSimulatedCallBody } from '@contracts/simulator';
import { ApiError, apiFetch, apiFetchLines } from '@web/lib/api';

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

/**
 * `POST /api/simulator/calls/:id/turns/stream` — say something as the caller and hear the reply
 * as the server decides it: `onSentence` gets each sentence as it arrives; resolves with the turn.
 */
export async function sayAsCallerStreamed({ callId, onSentence, ...body }: SimulatedTurnBody & { callId: string; onSentence: (text: string) => void }): Promise<SimulatedTurnView> {
  let turn: SimulatedTurnView | null = null;
  let failure: string | null = null;
  await apiFetchLines(`/api/simulator/calls/${encodeURIComponent(callId)}/turns/stream`, { method: 'POST', body }, (raw) => {
    const line = raw as SimulatedTurnStreamLine;
    if (line.type === 'sentence') onSentence(line.text);
    else if (line.type === 'turn') turn = line.turn;
    else failure = line.error.message;
  });
  if (!turn) throw new ApiError({ status: 500, code: 'internal_error', message: failure ?? 'The agent could not answer this turn. Try again in a moment.' });
  return turn;
}

export function useSayAsCallerStreamed() {
  const invalidate = useInvalidateCalls();
  return useMutation({ mutationFn: sayAsCallerStreamed, onSuccess: () => void invalidate() });
}
