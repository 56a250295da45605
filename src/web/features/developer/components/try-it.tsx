import * as React from 'react';
import { Button } from '@web/components/ui/button';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { Select } from '@web/components/ui/select';

const PATHS = ['/api/v1/organizations', '/api/v1/organizations/open-now', '/api/v1/calls?limit=5', '/api/v1/handoffs', '/api/v1/appointment-requests?limit=5', '/api/v1/outbound/calls?limit=5', '/api/v1/outbound/campaigns?limit=5'];

/**
 * "Try it": one GET of the public API with a key, from this page, and the same request as curl,
 * JavaScript and Python. The key stays in this page (never stored).
 */
export function TryIt({ defaultKey }: { defaultKey: string }) {
  const [key, setKey] = React.useState(defaultKey);
  const [path, setPath] = React.useState(PATHS[0]!);
  const [result, setResult] = React.useState<{ status: number; body: string; headers: string } | null>(null);
  const [pending, setPending] = React.useState(false);

  const send = async (event: React.FormEvent) => {
    event.preventDefault();
    setPending(true);
    try {
      const response = await fetch(path, { headers: { authorization: `Bearer ${key.trim()}` } });
      const text = await response.text();
      let body = text;
      try {
        body = JSON.stringify(JSON.parse(text), null, 2);
      } catch {
        // not JSON: shown as it came
      }
      const limits = ['ratelimit-limit', 'ratelimit-remaining', 'ratelimit-reset'].map((h) => `${h}: ${response.headers.get(h) ?? '—'}`).join('\n');
      setResult({ status: response.status, body: body.slice(0, 20_000), headers: limits });
    } catch (error) {
      setResult({ status: 0, body: String(error), headers: '' });
    } finally {
      setPending(false);
    }
  };

  const url = `${window.location.origin}${path}`;
  const shown = key.trim() ? `${key.trim().slice(0, 12)}…` : '$SWITCHBOARD_API_KEY';
  return (
    <section aria-labelledby="try-it-heading" className="space-y-3 rounded-xl border border-border bg-card p-4">
      <h2 id="try-it-heading" className="text-base font-semibold">
        Try it
      </h2>
      <form onSubmit={send} className="grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
        <FormField label="API key">
          <Input value={key} onChange={(e) => setKey(e.target.value)} placeholder="sb_…" autoComplete="off" spellCheck={false} className="font-mono" />
        </FormField>
        <FormField label="Request">
          <Select value={path} onChange={(e) => setPath(e.target.value)}>
            {PATHS.map((p) => (
              <option key={p} value={p}>
                GET {p}
              </option>
            ))}
          </Select>
        </FormField>
        <Button type="submit" loading={pending} disabled={!key.trim()}>
          Send
        </Button>
      </form>
      {result ? (
        <div className="space-y-2" aria-live="polite">
          <p className="text-sm">
            Status <strong data-testid="try-it-status">{result.status}</strong>
          </p>
          <pre className="max-h-80 overflow-auto rounded-md bg-muted p-3 font-mono text-xs whitespace-pre-wrap [overflow-wrap:anywhere]">{`${result.headers}\n\n${result.body}`}</pre>
        </div>
      ) : null}
      <details className="text-sm">
        <summary className="cursor-pointer font-medium">The same request as curl, JavaScript and Python</summary>
        <pre className="mt-2 overflow-auto rounded-md bg-muted p-3 font-mono text-xs whitespace-pre-wrap [overflow-wrap:anywhere]">
          {`curl -H "Authorization: Bearer ${shown}" '${url}'

const res = await fetch('${url}', { headers: { Authorization: 'Bearer ${shown}' } });
console.log(await res.json());

import requests
print(requests.get('${url}', headers={'Authorization': 'Bearer ${shown}'}).json())`}
        </pre>
      </details>
    </section>
  );
}
