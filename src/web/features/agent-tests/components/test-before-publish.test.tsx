import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { ORG_MAPLE, signedIn } from '@web/test/fixtures';
import { renderPage } from '@web/test/render';
import { server } from '@web/test/server';
import { TestBeforePublish } from './test-before-publish';

const suite = (id: string, name: string, required: boolean, scenarioCount = 3) => ({ id, organizationId: ORG_MAPLE.id, name, description: '', required, version: 1, scenarioCount, lastRun: null, updatedAt: '2026-11-29T10:00:00Z' });
const run = (id: string, suiteId: string, status: 'passed' | 'failed', newlyFailing: string[]) => ({
  id,
  suiteId,
  organizationId: ORG_MAPLE.id,
  status,
  settings: 'draft',
  total: 3,
  completed: 3,
  passed: 3 - newlyFailing.length,
  failed: newlyFailing.length,
  emergency: { expected: 0, escalated: 0 },
  error: null,
  createdAt: '2026-11-29T10:00:00Z',
  startedAt: '2026-11-29T10:00:00Z',
  finishedAt: '2026-11-29T10:00:03Z',
  cancelRequested: false,
  suiteName: '',
  comparedWith: { runId: 'before', createdAt: '2026-11-28T10:00:00Z', newlyFailing, newlyPassing: [] },
  results: [],
});

describe('Test before you publish', () => {
  it('runs each suite on the settings as typed and says what they break, required suites first of all', async () => {
    const posted: { url: string; body: unknown }[] = [];
    server.use(
      http.get(`/api/organizations/${ORG_MAPLE.id}/agent-tests/suites`, () => HttpResponse.json({ items: [suite('s1', 'Emergencies', true), suite('s2', 'Bookings', false), suite('s3', 'Empty', false, 0)] })),
      http.post('/api/agent-tests/suites/:suiteId/runs', async ({ request, params }) => {
        posted.push({ url: String(params.suiteId), body: await request.json() });
        return HttpResponse.json({ ...run(`r-${String(params.suiteId)}`, String(params.suiteId), 'passed', []), status: 'queued' }, { status: 202 });
      }),
      http.get('/api/agent-tests/runs/r-s1', () => HttpResponse.json(run('r-s1', 's1', 'failed', ['Chest pain (Spanish)']))),
      http.get('/api/agent-tests/runs/r-s2', () => HttpResponse.json(run('r-s2', 's2', 'passed', []))),
    );
    const { user } = renderPage(<TestBeforePublish organizationId={ORG_MAPLE.id} draftAgentSettings={() => ({ greeting: 'Hello there.' })} />, { session: signedIn({ role: 'admin', organizations: [ORG_MAPLE] }) });
    await user.click(await screen.findByRole('button', { name: 'Run the 2 agent test suites on these settings' }));
    await waitFor(() => expect(posted).toHaveLength(2));
    expect(posted).toEqual([
      { url: 's1', body: { draft: { agentSettings: { greeting: 'Hello there.' } } } },
      { url: 's2', body: { draft: { agentSettings: { greeting: 'Hello there.' } } } },
    ]);
    expect(await screen.findByText('Now failing: Chest pain (Spanish)')).toBeInTheDocument();
    expect(screen.getByText('A required suite fails on these settings: saving them asks you to confirm, and is audited.')).toBeInTheDocument();
    expect(screen.getByText('3 of 3 passed')).toBeInTheDocument();
  });

  it('shows nothing when the practice has no suite to run', async () => {
    let answered = false;
    server.use(
      http.get(`/api/organizations/${ORG_MAPLE.id}/agent-tests/suites`, () => {
        answered = true;
        return HttpResponse.json({ items: [suite('s3', 'Empty', false, 0)] });
      }),
    );
    const { queryClient } = renderPage(<TestBeforePublish organizationId={ORG_MAPLE.id} draftAgentSettings={() => ({})} />, { session: signedIn({ role: 'admin', organizations: [ORG_MAPLE] }) });
    await waitFor(() => expect(answered).toBe(true));
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    expect(screen.queryByText('Test before you publish')).not.toBeInTheDocument();
  });
});
