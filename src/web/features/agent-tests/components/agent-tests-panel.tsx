import * as React from 'react';
import { FlaskConical, Sparkles, Upload } from 'lucide-react';
import type { SuiteFile } from '@contracts/agent-tests';
import { FormErrorAlert } from '@web/components/form-error-alert';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { EmptyState } from '@web/components/ui/empty-state';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { LoadingBlock } from '@web/components/ui/spinner';
import { errorMessage, isApiError } from '@web/lib/api';
import { useCreateStarterSuite, useCreateSuite, useImportSuite, useSuites } from '../api/agent-tests';
import { RunStatusBadge } from './run-view';
import { SuiteDetail } from './suite-detail';

/**
 * Agent tests of one practice (issue 32): its suites of simulated callers, each run through the
 * real call pipeline in a hidden sandbox — nothing a test call leaves reaches the practice's
 * calls, queue or analytics. Give it `key={organizationId}` so a change of practice starts afresh.
 */
export function AgentTestsPanel({ organizationId }: { organizationId: string }) {
  const suites = useSuites(organizationId);
  const create = useCreateSuite();
  const starter = useCreateStarterSuite();
  const importSuite = useImportSuite();
  const [open, setOpen] = React.useState<string | null>(null);
  const [name, setName] = React.useState('');
  const [importError, setImportError] = React.useState<string | null>(null);
  const file = React.useRef<HTMLInputElement>(null);


  if (open) return <SuiteDetail suiteId={open} onBack={() => setOpen(null)} />;

  const readFile = async (f: File) => {
    setImportError(null);
    let parsed: SuiteFile;
    try {
      parsed = JSON.parse(await f.text()) as SuiteFile;
    } catch {
      setImportError('This file is not JSON. Choose a file exported from agent tests.');
      return;
    }
    importSuite.mutate({ organizationId, file: parsed }, { onSuccess: (s) => setOpen(s.id) });
  };
  const importFields = isApiError(importSuite.error) ? Object.entries(importSuite.error.fields).slice(0, 5) : [];

  return (
    <div className="space-y-6">
      <form
        className="flex flex-wrap items-end gap-3"
        aria-label="New suite"
        onSubmit={(e) => {
          e.preventDefault();
          create.mutate({ organizationId, name }, { onSuccess: (s) => (setName(''), setOpen(s.id)) });
        }}
      >
        <FormField label="New suite" error={isApiError(create.error) ? create.error.fields.name : undefined} className="min-w-56 flex-1">
          <Input value={name} onChange={(e) => setName(e.target.value)} placeholder="Front desk basics" maxLength={120} />
        </FormField>
        <Button type="submit" disabled={create.isPending}>
          Create suite
        </Button>
        <Button type="button" variant="outline" disabled={starter.isPending} onClick={() => starter.mutate(organizationId, { onSuccess: (s) => setOpen(s.id) })}>
          <Sparkles /> {starter.isPending ? 'Generating…' : 'Generate starter suite'}
        </Button>
        <Button type="button" variant="outline" disabled={importSuite.isPending} onClick={() => file.current?.click()}>
          <Upload /> Import JSON
        </Button>
        <input
          ref={file}
          type="file"
          accept="application/json,.json"
          className="sr-only"
          tabIndex={-1}
          aria-label="Suite file to import"
          onChange={(e) => {
            const f = e.target.files?.[0];
            e.target.value = '';
            if (f) void readFile(f);
          }}
        />
      </form>
      {create.error && !isApiError(create.error) ? <FormErrorAlert error={create.error} /> : null}
      {starter.isError ? <Alert variant="destructive">{errorMessage(starter.error)}</Alert> : null}
      {importError ? <Alert variant="destructive">{importError}</Alert> : null}
      {importSuite.isError ? (
        <Alert variant="destructive" assertive title="The file was not imported.">
          {importFields.length ? (
            <ul className="list-disc pl-5">
              {importFields.map(([path, message]) => (
                <li key={path}>
                  <code>{path}</code>: {message}
                </li>
              ))}
            </ul>
          ) : (
            errorMessage(importSuite.error)
          )}
        </Alert>
      ) : null}

      {suites.isPending ? (
        <LoadingBlock label="Loading the suites…" />
      ) : suites.isError ? (
        <Alert variant="destructive" assertive title="The suites could not be loaded.">
          <p>{errorMessage(suites.error)}</p>
          <Button variant="outline" size="sm" className="mt-2" onClick={() => void suites.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : suites.data.items.length === 0 ? (
        <EmptyState
          icon={FlaskConical}
          title="No test suites yet"
          description="Generate the starter suite from this practice’s settings, or create a suite and add simulated callers to it."
        />
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2" aria-label="Suites">
          {suites.data.items.map((s) => (
            <li key={s.id}>
              <button
                type="button"
                onClick={() => setOpen(s.id)}
                className="w-full rounded-lg border border-border bg-card p-4 text-left shadow-sm hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring"
              >
                <span className="block font-medium">{s.name}</span>
                <span className="mt-1 flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
                  {s.scenarioCount} {s.scenarioCount === 1 ? 'scenario' : 'scenarios'}
                  {s.lastRun ? (
                    <>
                      · last run <RunStatusBadge status={s.lastRun.status} /> {s.lastRun.passed}/{s.lastRun.total} passed
                    </>
                  ) : (
                    ' · never run'
                  )}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
