import * as React from 'react';
import { FlaskConical } from 'lucide-react';
import type { RunSummaryView } from '@contracts/agent-tests';
import { Alert } from '@web/components/ui/alert';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { apiFetch, errorMessage, isApiError } from '@web/lib/api';
import { useRun, useSuites } from '../api/agent-tests';
import { RunStatusBadge } from './run-view';

/**
 * "Test before you publish" (issue 32 §4): while agent settings are edited, runs each of the
 * practice's suites on the settings as typed — not saved — and shows, per suite, its result and
 * what changed since the last run on the saved settings. Saving stays the editor's choice: a
 * save that a required suite failed on asks a second time (organization-dialog, decision 056).
 */
export function TestBeforePublish({ organizationId, draftAgentSettings }: { organizationId: string; draftAgentSettings: () => Record<string, unknown> }) {
  const suites = useSuites(organizationId);
  const [runs, setRuns] = React.useState<{ suiteId: string; name: string; required: boolean; runId: string }[] | null>(null);
  const [error, setError] = React.useState<string | null>(null);
  const [pending, setPending] = React.useState(false);
  const runnable = (suites.data?.items ?? []).filter((s) => s.scenarioCount > 0);

  const start = async () => {
    setPending(true);
    setError(null);
    // Runs already started stay shown even when a later one is refused.
    const started: { suiteId: string; name: string; required: boolean; runId: string }[] = [];
    try {
      const draft = { agentSettings: draftAgentSettings() };
      // Required suites first: they are the ones a change must not break.
      for (const s of [...runnable].sort((a, b) => Number(b.required) - Number(a.required))) {
        const run = await apiFetch<RunSummaryView>(`/api/agent-tests/suites/${encodeURIComponent(s.id)}/runs`, { method: 'POST', body: { draft } });
        started.push({ suiteId: s.id, name: s.name, required: s.required, runId: run.id });
      }
    } catch (e) {
      setError(isApiError(e) && e.code === 'validation_failed' ? 'Some settings need attention before they can be tested. Save shows which.' : errorMessage(e));
    } finally {
      setRuns(started);
      setPending(false);
    }
  };

  if (suites.isPending || runnable.length === 0) return null;
  return (
    <section aria-labelledby="test-before-publish" className="mt-4 space-y-3 rounded-lg border border-border p-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="test-before-publish" className="inline-flex items-center gap-2 text-sm font-semibold">
          <FlaskConical aria-hidden="true" className="size-4" /> Test before you publish
        </h3>
        <Button type="button" variant="outline" size="sm" disabled={pending} onClick={() => void start()}>
          {pending ? 'Starting…' : runs ? 'Test again' : `Run ${runnable.length === 1 ? 'the agent test suite' : `the ${runnable.length} agent test suites`} on these settings`}
        </Button>
      </div>
      <p className="text-sm text-muted-foreground">Plays the practice’s simulated callers on the agent settings above, before you save them.</p>
      {error ? <Alert variant="destructive">{error}</Alert> : null}
      {runs ? (
        <ul className="space-y-2">
          {runs.map((r) => (
            <DraftRunLine key={r.runId} name={r.name} required={r.required} runId={r.runId} />
          ))}
        </ul>
      ) : null}
    </section>
  );
}

function DraftRunLine({ name, required, runId }: { name: string; required: boolean; runId: string }) {
  const run = useRun(runId);
  const r = run.data;
  return (
    <li className="rounded-md bg-muted/40 p-2 text-sm">
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-medium">{name}</span>
        {required ? <Badge variant="warning">Required</Badge> : null}
        {r ? <RunStatusBadge status={r.status} /> : null}
        {r ? (
          <span>
            {r.passed} of {r.total} passed
          </span>
        ) : null}
      </div>
      {r?.comparedWith && r.comparedWith.newlyFailing.length ? <p className="text-destructive">Now failing: {r.comparedWith.newlyFailing.join(', ')}</p> : null}
      {r?.comparedWith && r.comparedWith.newlyPassing.length ? <p>Now passing: {r.comparedWith.newlyPassing.join(', ')}</p> : null}
      {required && r?.status === 'failed' ? <p className="font-medium text-destructive">A required suite fails on these settings: saving them asks you to confirm, and is audited.</p> : null}
    </li>
  );
}
