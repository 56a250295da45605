import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  RunDetailView,
  RunSummaryView,
  ScenarioBody,
  ScenarioView,
  StartRunBody,
  SuiteBody,
  SuiteDetailView,
  SuiteFile,
  SuiteView,
} from '@contracts/agent-tests';
import { apiFetch } from '@web/lib/api';

/** The agent tests of a practice (issue 32): one query key family, invalidated by every change. */
export const agentTestsKey = ['agent-tests'] as const;
const id = encodeURIComponent;

export const suitesQuery = (organizationId: string) =>
  queryOptions({
    queryKey: [...agentTestsKey, 'suites', organizationId] as const,
    queryFn: ({ signal }) => apiFetch<{ items: SuiteView[] }>(`/api/organizations/${id(organizationId)}/agent-tests/suites`, { signal }),
  });
export const useSuites = (organizationId: string | null) => useQuery({ ...suitesQuery(organizationId ?? ''), enabled: Boolean(organizationId) });

export const suiteQuery = (suiteId: string) =>
  queryOptions({
    queryKey: [...agentTestsKey, 'suite', suiteId] as const,
    queryFn: ({ signal }) => apiFetch<SuiteDetailView>(`/api/agent-tests/suites/${id(suiteId)}`, { signal }),
  });
export const useSuite = (suiteId: string | null) => useQuery({ ...suiteQuery(suiteId ?? ''), enabled: Boolean(suiteId) });

const unfinished = (status: RunSummaryView['status'] | undefined) => status === 'queued' || status === 'running';

/** A run, polled every second while it waits or plays: its progress and results appear as they are stored. */
export const useRun = (runId: string | null) =>
  useQuery({
    queryKey: [...agentTestsKey, 'run', runId] as const,
    queryFn: ({ signal }) => apiFetch<RunDetailView>(`/api/agent-tests/runs/${id(runId!)}`, { signal }),
    enabled: Boolean(runId),
    refetchInterval: (query) => (unfinished(query.state.data?.status) || !query.state.data ? 1000 : false),
  });

export const useRuns = (suiteId: string | null) =>
  useQuery({
    queryKey: [...agentTestsKey, 'runs', suiteId] as const,
    queryFn: ({ signal }) => apiFetch<{ items: RunSummaryView[] }>(`/api/agent-tests/suites/${id(suiteId!)}/runs`, { signal }),
    enabled: Boolean(suiteId),
  });

function useChange<I, O>(fn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => queryClient.invalidateQueries({ queryKey: agentTestsKey }) });
}

export const useCreateSuite = () =>
  useChange(({ organizationId, ...body }: SuiteBody & { organizationId: string }) => apiFetch<SuiteView>(`/api/organizations/${id(organizationId)}/agent-tests/suites`, { method: 'POST', body }));
export const useCreateStarterSuite = () =>
  useChange((organizationId: string) => apiFetch<SuiteDetailView>(`/api/organizations/${id(organizationId)}/agent-tests/suites/starter`, { method: 'POST' }));
export const useImportSuite = () =>
  useChange(({ organizationId, file }: { organizationId: string; file: SuiteFile }) =>
    apiFetch<SuiteDetailView>(`/api/organizations/${id(organizationId)}/agent-tests/suites/import`, { method: 'POST', body: file }),
  );
export const useDeleteSuite = () => useChange((suiteId: string) => apiFetch<void>(`/api/agent-tests/suites/${id(suiteId)}`, { method: 'DELETE' }));
export const exportSuite = (suiteId: string) => apiFetch<SuiteFile>(`/api/agent-tests/suites/${id(suiteId)}/export`);

export const useAddScenario = () =>
  useChange(({ suiteId, body }: { suiteId: string; body: ScenarioBody }) => apiFetch<ScenarioView>(`/api/agent-tests/suites/${id(suiteId)}/scenarios`, { method: 'POST', body }));
export const useUpdateScenario = () =>
  useChange(({ scenarioId, body }: { scenarioId: string; body: ScenarioBody & { version: number } }) =>
    apiFetch<ScenarioView>(`/api/agent-tests/scenarios/${id(scenarioId)}`, { method: 'PUT', body }),
  );
export const useDeleteScenario = () => useChange((scenarioId: string) => apiFetch<void>(`/api/agent-tests/scenarios/${id(scenarioId)}`, { method: 'DELETE' }));

export const useStartRun = () =>
  useChange(({ suiteId, body }: { suiteId: string; body: StartRunBody }) => apiFetch<RunSummaryView>(`/api/agent-tests/suites/${id(suiteId)}/runs`, { method: 'POST', body }));
export const useCancelRun = () => useChange((runId: string) => apiFetch<RunSummaryView>(`/api/agent-tests/runs/${id(runId)}/cancel`, { method: 'POST' }));
