import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { RunDetailView, ScenarioView, SuiteDetailView, SuiteView } from '@contracts/agent-tests';
import { ORG_MAPLE, errorBody, signedIn } from '@web/test/fixtures';
import { renderPage } from '@web/test/render';
import { server } from '@web/test/server';
import { AgentTestsPanel } from './agent-tests-panel';

const SUITE_ID = '10000000-0000-4000-8000-000000000001';
const RUN_ID = '20000000-0000-4000-8000-000000000001';
const suite: SuiteView = { id: SUITE_ID, organizationId: ORG_MAPLE.id, name: 'Starter suite', description: 'Generated.', required: false, version: 1, scenarioCount: 2, lastRun: null, updatedAt: '2026-11-29T10:00:00Z' };
const scenario = (n: number, name: string): ScenarioView => ({
  id: `30000000-0000-4000-8000-00000000000${n}`,
  suiteId: SUITE_ID,
  position: n,
  name,
  caller: { language: 'en', firstUtterance: 'I need an appointment', answers: { name: 'Jane Smith' }, yesNo: 'yes', followUps: [], silences: [], callsWhen: 'any', transferResult: 'completed', maxTurns: 14 },
  expectations: [{ kind: 'appointment_request', fields: {} }],
  version: 1,
  updatedAt: '2026-11-29T10:00:00Z',
});
const detail: SuiteDetailView = { ...suite, scenarios: [scenario(1, 'Books a follow-up'), scenario(2, 'Chest pain')] };
const baseRun = { id: RUN_ID, suiteId: SUITE_ID, organizationId: ORG_MAPLE.id, settings: 'saved' as const, comparedWith: null, total: 2, error: null, createdAt: '2026-11-29T10:00:00Z', startedAt: '2026-11-29T10:00:01Z', finishedAt: null, cancelRequested: false, suiteName: 'Starter suite' };
const records = { call: { status: 'completed', outcome: 'appointment_requested', summary: null }, requests: [], handoffs: [], transfers: [] };
const passedResult = {
  id: 'r1',
  scenarioId: null,
  position: 1,
  name: 'Books a follow-up',
  passed: true,
  reasons: [],
  checks: [{ expectation: { kind: 'appointment_request' as const, fields: {} }, passed: true, detail: 'Appointment request ABC1234 left.' }],
  transcript: [
    { speaker: 'agent' as const, text: 'Thank you for calling Maple Street.', latencyMs: null },
    { speaker: 'caller' as const, text: 'I need an appointment', latencyMs: null },
  ],
  records,
  turnLatenciesMs: [12, 30],
  emergencyExpected: false,
  emergencyEscalated: false,
};
const failedResult = { ...passedResult, id: 'r2', position: 2, name: 'Chest pain', passed: false, reasons: ['No urgent handoff was left: the emergency was not escalated.'], emergencyExpected: true };

function page() {
  return renderPage(<AgentTestsPanel organizationId={ORG_MAPLE.id} />, { url: '/organizations/agent-tests', session: signedIn({ role: 'supervisor', organizations: [ORG_MAPLE] }) });
}

describe('Agent tests', () => {
  it('offers the starter suite when there is none, and opens it once generated', async () => {
    server.use(
      http.get(`/api/organizations/${ORG_MAPLE.id}/agent-tests/suites`, () => HttpResponse.json({ items: [] })),
      http.post(`/api/organizations/${ORG_MAPLE.id}/agent-tests/suites/starter`, () => HttpResponse.json(detail, { status: 201 })),
      http.get(`/api/agent-tests/suites/${SUITE_ID}`, () => HttpResponse.json(detail)),
      http.get(`/api/agent-tests/suites/${SUITE_ID}/runs`, () => HttpResponse.json({ items: [] })),
    );
    const { user } = page();
    expect(await screen.findByText('No test suites yet')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Generate starter suite' }));
    expect(await screen.findByRole('heading', { name: /Starter suite/ })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Scenarios (2)' })).toBeInTheDocument();
    expect(screen.getByText('Books a follow-up')).toBeInTheDocument();
    expect(screen.getByText('This suite has not run yet.')).toBeInTheDocument();
  });

  it('runs a suite and shows its progress live, then each scenario’s verdict with its transcript', async () => {
    let polls = 0;
    let started = false;
    server.use(
      http.get(`/api/organizations/${ORG_MAPLE.id}/agent-tests/suites`, () => HttpResponse.json({ items: [suite] })),
      http.get(`/api/agent-tests/suites/${SUITE_ID}`, () => HttpResponse.json(detail)),
      http.get(`/api/agent-tests/suites/${SUITE_ID}/runs`, () => HttpResponse.json({ items: started ? [{ ...baseRun, status: 'running', completed: 0, passed: 0, failed: 0, emergency: { expected: 0, escalated: 0 } }] : [] })),
      http.post(`/api/agent-tests/suites/${SUITE_ID}/runs`, () => {
        started = true;
        return HttpResponse.json({ ...baseRun, status: 'queued', completed: 0, passed: 0, failed: 0, emergency: { expected: 0, escalated: 0 } }, { status: 202 });
      }),
      http.get(`/api/agent-tests/runs/${RUN_ID}`, () => {
        polls += 1;
        const run: RunDetailView =
          polls < 2
            ? { ...baseRun, status: 'running', completed: 1, passed: 1, failed: 0, emergency: { expected: 0, escalated: 0 }, results: [passedResult] }
            : {
                ...baseRun,
                status: 'failed',
                completed: 2,
                passed: 1,
                failed: 1,
                finishedAt: '2026-11-29T10:00:05Z',
                emergency: { expected: 1, escalated: 0 },
                comparedWith: { runId: 'earlier', createdAt: '2026-11-28T10:00:00Z', newlyFailing: ['Chest pain'], newlyPassing: [] },
                results: [passedResult, failedResult],
              };
        return HttpResponse.json(run);
      }),
    );
    const { user } = page();
    await user.click(await screen.findByRole('button', { name: /Starter suite/ }));
    await user.click(await screen.findByRole('button', { name: 'Run suite' }));
    expect(await screen.findByText('1 of 2 scenarios played · 1 passed · 0 failed')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel run' })).toBeInTheDocument();
    // The next poll brings the end.
    expect(await screen.findByText('2 of 2 scenarios played · 1 passed · 1 failed', {}, { timeout: 3000 })).toBeInTheDocument();
    expect(screen.getByText('Failed')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel run' })).not.toBeInTheDocument();
    expect(screen.getByText(/Emergencies escalated:/)).toHaveTextContent('Emergencies escalated: 0 of 1');
    expect(screen.getByText('No urgent handoff was left: the emergency was not escalated.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Since the last run on the saved settings' })).toBeInTheDocument();
    expect(screen.getByText('Now failing: Chest pain')).toBeInTheDocument();
    const first = screen.getByText('Books a follow-up', { selector: 'summary span' }).closest('details')!;
    await user.click(within(first).getByText('Books a follow-up'));
    expect(within(first).getByText('Thank you for calling Maple Street.')).toBeVisible();
    expect(within(first).getByText('Turn latencies: 12 ms, 30 ms')).toBeVisible();
  });

  it('adds a scenario with a labelled form, and shows the server’s message beside each field', async () => {
    let body: unknown = null;
    server.use(
      http.get(`/api/organizations/${ORG_MAPLE.id}/agent-tests/suites`, () => HttpResponse.json({ items: [suite] })),
      http.get(`/api/agent-tests/suites/${SUITE_ID}`, () => HttpResponse.json(detail)),
      http.get(`/api/agent-tests/suites/${SUITE_ID}/runs`, () => HttpResponse.json({ items: [] })),
      http.post(`/api/agent-tests/suites/${SUITE_ID}/scenarios`, async ({ request }) => {
        body = await request.json();
        return HttpResponse.json(errorBody('validation_failed', 'Some fields need attention.', { 'caller.firstUtterance': 'Enter what the caller says first.', 'expectations.0.text': 'Enter the words the agent must say.' }), { status: 400 });
      }),
    );
    const { user } = page();
    await user.click(await screen.findByRole('button', { name: /Starter suite/ }));
    await user.click(await screen.findByRole('button', { name: 'Add scenario' }));
    const form = await screen.findByRole('form', { name: 'New scenario' });
    await user.type(within(form).getByLabelText(/^Scenario name/), 'Greets in Spanish');
    await user.selectOptions(within(form).getByLabelText('Language'), 'es');
    await user.selectOptions(within(form).getByLabelText('Expectation 1'), 'agent_said');
    await user.type(within(form).getByLabelText('Silent at turns'), '2, 4');
    await user.click(within(form).getByRole('button', { name: 'Add scenario' }));
    await waitFor(() => expect(body).not.toBeNull());
    expect(body).toMatchObject({ name: 'Greets in Spanish', caller: { language: 'es', silences: [2, 4], maxTurns: 14 }, expectations: [{ kind: 'agent_said', text: '' }] });
    const said = within(form).getByLabelText('Says first', { exact: false });
    expect(said).toHaveAttribute('aria-invalid', 'true');
    expect(said).toHaveAccessibleDescription('Enter what the caller says first.');
    expect(within(form).getByLabelText(/Words the agent says/)).toHaveAccessibleDescription('Enter the words the agent must say.');
    expect(within(form).getByText('Some fields need attention. Check the messages below each field.')).toBeInTheDocument();
  });

  it('says when the suites cannot be loaded', async () => {
    server.use(http.get(`/api/organizations/${ORG_MAPLE.id}/agent-tests/suites`, () => HttpResponse.json(errorBody('internal_error', 'Down.'), { status: 500 })));
    page();
    expect(await screen.findByText('The suites could not be loaded.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
