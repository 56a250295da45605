import { CircleCheck, CircleX, Siren } from 'lucide-react';
import type { ResultView, RunDetailView, RunSummaryView } from '@contracts/agent-tests';
import { Alert } from '@web/components/ui/alert';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { LoadingBlock } from '@web/components/ui/spinner';
import { errorMessage } from '@web/lib/api';
import { useCancelRun, useRun } from '../api/agent-tests';

const STATUS: Record<RunSummaryView['status'], { label: string; variant: 'neutral' | 'info' | 'success' | 'destructive' | 'warning' }> = {
  queued: { label: 'Waiting to start', variant: 'neutral' },
  running: { label: 'Playing', variant: 'info' },
  passed: { label: 'Passed', variant: 'success' },
  failed: { label: 'Failed', variant: 'destructive' },
  canceled: { label: 'Canceled', variant: 'warning' },
  error: { label: 'Could not finish', variant: 'destructive' },
};

export function RunStatusBadge({ status }: { status: RunSummaryView['status'] }) {
  return <Badge variant={STATUS[status].variant}>{STATUS[status].label}</Badge>;
}

const median = (xs: number[]) => {
  if (xs.length === 0) return null;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor((s.length - 1) / 2)]!;
};

/** A run as it plays (polled every second) and once finished: progress, emergency figures, each scenario's verdict. */
export function RunView({ runId }: { runId: string }) {
  const run = useRun(runId);
  const cancel = useCancelRun();
  if (run.isPending) return <LoadingBlock label="Loading the run…" />;
  if (run.isError)
    return (
      <Alert variant="destructive" assertive title="The run could not be loaded.">
        <p>{errorMessage(run.error)}</p>
        <Button variant="outline" size="sm" className="mt-2" onClick={() => void run.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  const r: RunDetailView = run.data;
  const playing = r.status === 'queued' || r.status === 'running';
  const percent = r.total ? Math.round((r.completed / r.total) * 100) : 0;
  return (
    <section aria-labelledby={`run-${r.id}`} className="space-y-4">
      <div className="flex flex-wrap items-center gap-3">
        <h3 id={`run-${r.id}`} className="text-base font-semibold">
          Run of {new Date(r.createdAt).toLocaleString()}
        </h3>
        <RunStatusBadge status={r.status} />
        <Badge variant="outline">{r.settings === 'draft' ? 'Draft settings' : 'Saved settings'}</Badge>
        {playing ? (
          <Button variant="outline" size="sm" disabled={cancel.isPending || r.cancelRequested} onClick={() => cancel.mutate(r.id)}>
            {r.cancelRequested ? 'Stopping…' : 'Cancel run'}
          </Button>
        ) : null}
      </div>
      <div>
        <div className="mb-1 flex justify-between text-sm">
          <span>
            {r.completed} of {r.total} scenarios played · {r.passed} passed · {r.failed} failed
          </span>
          <span aria-hidden="true">{percent}%</span>
        </div>
        <progress className="h-2 w-full accent-primary" max={r.total || 1} value={r.completed} aria-label={`${r.completed} of ${r.total} scenarios played`} />
        <p className="sr-only" aria-live="polite">
          {playing ? `${r.completed} of ${r.total} scenarios played.` : `Run ${STATUS[r.status].label.toLowerCase()}.`}
        </p>
      </div>
      {r.emergency.expected > 0 ? (
        <p className="inline-flex items-center gap-2 text-sm">
          <Siren aria-hidden="true" className="size-4 text-destructive" />
          Emergencies escalated: <strong>{r.emergency.escalated}</strong> of {r.emergency.expected}
        </p>
      ) : null}
      {r.comparedWith && !playing ? (
        <div className="rounded-lg border border-border bg-card p-3 text-sm">
          <h4 className="font-semibold">Since the last run on the saved settings</h4>
          {r.comparedWith.newlyFailing.length === 0 && r.comparedWith.newlyPassing.length === 0 ? (
            <p>No scenario changed its result.</p>
          ) : (
            <ul className="mt-1 space-y-1">
              {r.comparedWith.newlyFailing.length ? <li className="text-destructive">Now failing: {r.comparedWith.newlyFailing.join(', ')}</li> : null}
              {r.comparedWith.newlyPassing.length ? <li>Now passing: {r.comparedWith.newlyPassing.join(', ')}</li> : null}
            </ul>
          )}
        </div>
      ) : null}
      {r.error ? <Alert variant="destructive">{r.error}</Alert> : null}
      {cancel.isError ? <Alert variant="destructive">{errorMessage(cancel.error)}</Alert> : null}
      <ol className="space-y-2">
        {r.results.map((result) => (
          <ResultItem key={result.id} result={result} />
        ))}
      </ol>
    </section>
  );
}

function ResultItem({ result }: { result: ResultView }) {
  const m = median(result.turnLatenciesMs);
  return (
    <li className="rounded-lg border border-border bg-card">
      <details>
        <summary className="flex cursor-pointer list-none flex-wrap items-center gap-2 p-3 focus-visible:outline-2 focus-visible:outline-ring">
          {result.passed ? <CircleCheck aria-hidden="true" className="size-4 text-success" /> : <CircleX aria-hidden="true" className="size-4 text-destructive" />}
          <span className="font-medium">{result.name}</span>
          <span className="sr-only">{result.passed ? 'passed' : 'failed'}</span>
          {m !== null ? <span className="text-xs text-muted-foreground">median turn {m} ms</span> : null}
          {!result.passed ? <span className="basis-full text-sm text-destructive">{result.reasons.join(' ')}</span> : null}
        </summary>
        <div className="space-y-3 border-t border-border p-3 text-sm">
          <h4 className="font-semibold">Transcript</h4>
          <ol className="space-y-1">
            {result.transcript.map((line, i) => (
              <li key={i} className="break-words">
                <span className="font-medium">{line.speaker === 'agent' ? 'Agent' : 'Caller'}:</span> {line.text}
              </li>
            ))}
          </ol>
          <h4 className="font-semibold">Checks</h4>
          <ul className="space-y-1">
            {result.checks.map((c, i) => (
              <li key={i}>
                {c.passed ? '✓' : '✗'} {c.detail}
              </li>
            ))}
          </ul>
          <h4 className="font-semibold">What the call left</h4>
          <ul className="space-y-1">
            <li>Outcome: {result.records.call?.outcome ?? 'none'}</li>
            {result.records.requests.map((q, i) => (
              <li key={`r${i}`}>
                Appointment request {q.referenceCode}: {[q.firstName, q.lastName].filter(Boolean).join(' ')}, born {q.dateOfBirth ?? '—'}, {q.reason ?? 'no reason'}
              </li>
            ))}
            {result.records.handoffs.map((h, i) => (
              <li key={`h${i}`}>
                Handoff ({h.type}, {h.priority}): {h.reason}
              </li>
            ))}
            {result.records.transfers.map((t, i) => (
              <li key={`t${i}`}>
                Transferred to {t.target}
                {t.result ? ` (${t.result})` : ''}
              </li>
            ))}
          </ul>
          <p className="text-xs text-muted-foreground">Turn latencies: {result.turnLatenciesMs.map((ms) => `${ms} ms`).join(', ') || '—'}</p>
        </div>
      </details>
    </li>
  );
}
