import * as React from 'react';
import { ArrowLeft, Download, Pencil, Play, Plus, Trash2 } from 'lucide-react';
import type { ScenarioView } from '@contracts/agent-tests';
import { Alert } from '@web/components/ui/alert';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { EmptyState } from '@web/components/ui/empty-state';
import { LoadingBlock } from '@web/components/ui/spinner';
import { errorMessage } from '@web/lib/api';
import { exportSuite, useAddScenario, useDeleteScenario, useDeleteSuite, useRuns, useStartRun, useSuite, useUpdateScenario } from '../api/agent-tests';
import { EXPECTATION_LABELS, ScenarioForm } from './scenario-form';
import { RunStatusBadge, RunView } from './run-view';

type Editing = { mode: 'new' } | { mode: 'edit'; scenario: ScenarioView } | null;

/** One suite: its scenarios (add, edit, delete), running it with live progress, its runs, export. */
export function SuiteDetail({ suiteId, onBack }: { suiteId: string; onBack: () => void }) {
  const suite = useSuite(suiteId);
  const runs = useRuns(suiteId);
  const add = useAddScenario();
  const update = useUpdateScenario();
  const remove = useDeleteScenario();
  const removeSuite = useDeleteSuite();
  const start = useStartRun();
  const [editing, setEditing] = React.useState<Editing>(null);
  const [runId, setRunId] = React.useState<string | null>(null);
  const [exportError, setExportError] = React.useState<string | null>(null);
  const heading = React.useRef<HTMLHeadingElement>(null);

  const shownRun = runId ?? runs.data?.items[0]?.id ?? null;

  if (suite.isPending) return <LoadingBlock label="Loading the suite…" />;
  if (suite.isError)
    return (
      <Alert variant="destructive" assertive title="The suite could not be loaded.">
        <p>{errorMessage(suite.error)}</p>
        <Button variant="outline" size="sm" className="mt-2" onClick={onBack}>
          Back to the suites
        </Button>
      </Alert>
    );
  const s = suite.data;

  const download = async () => {
    setExportError(null);
    try {
      const file = await exportSuite(s.id);
      const url = URL.createObjectURL(new Blob([JSON.stringify(file, null, 2)], { type: 'application/json' }));
      const a = document.createElement('a');
      a.href = url;
      a.download = `${s.name.replace(/[^\w-]+/g, '-').toLowerCase() || 'suite'}.agent-tests.json`;
      a.click();
      URL.revokeObjectURL(url);
    } catch (error) {
      setExportError(errorMessage(error));
    }
  };

  const closeForm = () => {
    setEditing(null);
    add.reset();
    update.reset();
    requestAnimationFrame(() => heading.current?.focus());
  };

  if (editing) {
    return (
      <section aria-labelledby="scenario-form-title" className="space-y-4">
        <h2 id="scenario-form-title" className="text-lg font-semibold">
          {editing.mode === 'new' ? `New scenario in ${s.name}` : `Edit ${editing.scenario.name}`}
        </h2>
        <ScenarioForm
          scenario={editing.mode === 'edit' ? editing.scenario : undefined}
          pending={add.isPending || update.isPending}
          error={editing.mode === 'new' ? add.error : update.error}
          onCancel={closeForm}
          onSubmit={(body) =>
            editing.mode === 'new'
              ? add.mutate({ suiteId: s.id, body }, { onSuccess: closeForm })
              : update.mutate({ scenarioId: editing.scenario.id, body: { ...body, version: editing.scenario.version } }, { onSuccess: closeForm })
          }
        />
      </section>
    );
  }

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center gap-3">
        <Button variant="ghost" size="sm" onClick={onBack}>
          <ArrowLeft /> All suites
        </Button>
      </div>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 ref={heading} tabIndex={-1} className="text-lg font-semibold outline-none">
            {s.name} {s.required ? <Badge variant="warning">Required</Badge> : null}
          </h2>
          {s.description ? <p className="text-sm text-muted-foreground">{s.description}</p> : null}
        </div>
        <div className="flex flex-wrap gap-2">
          <Button
            disabled={start.isPending || s.scenarios.length === 0}
            onClick={() => start.mutate({ suiteId: s.id, body: {} }, { onSuccess: (run) => setRunId(run.id) })}
          >
            <Play /> {start.isPending ? 'Starting…' : 'Run suite'}
          </Button>
          <Button variant="outline" onClick={() => setEditing({ mode: 'new' })}>
            <Plus /> Add scenario
          </Button>
          <Button variant="outline" onClick={() => void download()}>
            <Download /> Export JSON
          </Button>
          <Button
            variant="ghost"
            onClick={() => {
              if (window.confirm(`Delete the suite “${s.name}” with its scenarios and runs?`)) removeSuite.mutate(s.id, { onSuccess: onBack });
            }}
          >
            <Trash2 /> Delete suite
          </Button>
        </div>
      </div>
      {start.isError ? <Alert variant="destructive" assertive>{errorMessage(start.error)}</Alert> : null}
      {exportError ? <Alert variant="destructive">{exportError}</Alert> : null}
      {remove.isError ? <Alert variant="destructive">{errorMessage(remove.error)}</Alert> : null}

      <section aria-labelledby="runs-title" className="space-y-3">
        <h3 id="runs-title" className="text-base font-semibold">
          Runs
        </h3>
        {runs.data && runs.data.items.length > 1 ? (
          <ul className="flex flex-wrap gap-2" aria-label="Earlier runs">
            {runs.data.items.slice(0, 10).map((r) => (
              <li key={r.id}>
                <Button variant={r.id === shownRun ? 'secondary' : 'outline'} size="sm" aria-pressed={r.id === shownRun} onClick={() => setRunId(r.id)}>
                  {new Date(r.createdAt).toLocaleTimeString()} <RunStatusBadge status={r.status} />
                </Button>
              </li>
            ))}
          </ul>
        ) : null}
        {shownRun ? <RunView runId={shownRun} /> : <p className="text-sm text-muted-foreground">This suite has not run yet.</p>}
      </section>
      <details className="group space-y-3" open={s.scenarios.length <= 10}>
        <summary className="cursor-pointer text-base font-semibold focus-visible:outline-2 focus-visible:outline-ring">
          <h3 id="scenarios-title" className="inline">
            Scenarios ({s.scenarios.length})
          </h3>
        </summary>
        {s.scenarios.length === 0 ? (
          <EmptyState headingLevel="h3" title="No scenarios yet" description="A scenario is a simulated caller and what their call must leave behind." action={<Button onClick={() => setEditing({ mode: 'new' })}>Add scenario</Button>} />
        ) : (
          <ul className="divide-y divide-border rounded-lg border border-border bg-card">
            {s.scenarios.map((sc) => (
              <li key={sc.id} className="flex flex-wrap items-center gap-2 p-3">
                <div className="min-w-0 flex-1">
                  <p className="font-medium">{sc.name}</p>
                  <p className="break-words text-sm text-muted-foreground">
                    {sc.caller.language === 'es' ? 'Spanish' : 'English'} · “{sc.caller.firstUtterance}” · expects {sc.expectations.map((e) => EXPECTATION_LABELS[e.kind].toLowerCase()).join('; ')}
                  </p>
                </div>
                <Button variant="ghost" size="sm" aria-label={`Edit ${sc.name}`} onClick={() => setEditing({ mode: 'edit', scenario: sc })}>
                  <Pencil /> Edit
                </Button>
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={`Delete ${sc.name}`}
                  onClick={() => {
                    if (window.confirm(`Delete the scenario “${sc.name}”?`)) remove.mutate(sc.id);
                  }}
                >
                  <Trash2 /> Delete
                </Button>
              </li>
            ))}
          </ul>
        )}
      </details>

    </div>
  );
}
