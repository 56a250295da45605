import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { defaultAgentSettings, defaultAppointmentSettings, defaultMissedCallTexts, type Organization } from '@contracts/organizations';
import { errorBody, signedIn } from '@web/test/fixtures';
import { findAlert, renderPage } from '@web/test/render';
import { server } from '@web/test/server';
import { OrganizationDialog, type DraftCheck } from './organization-dialog';

/**
 * Saving agent settings a required agent-test suite failed on (issue 32 §4, decision 056
 * addendum): the server refuses with 409 `required_suite_failing`; the editor asks a second time,
 * naming the suites, and "Save anyway" sends the same save again, confirmed.
 */

const org: Organization = {
  id: 'org-birch',
  name: 'Birch Clinic',
  slug: 'birch',
  timeZone: 'America/New_York',
  status: 'active',
  address: { line1: '', line2: '', city: '', region: '', postalCode: '', country: 'US' },
  phoneNumbers: [],
  agentSettings: defaultAgentSettings('Birch Clinic'),
  appointmentSettings: defaultAppointmentSettings(),
  missedCallTexts: defaultMissedCallTexts(),
  textSending: { sender: '', perSecond: null },
  version: 3,
  createdAt: '2025-01-01T00:00:00Z',
  updatedAt: '2025-01-01T00:00:00Z',
};

const failing = [
  { id: 's1', name: 'Emergencies', runId: 'r1', passed: 4, total: 6 },
  { id: 's2', name: 'Bookings', runId: 'r2', passed: 9, total: 10 },
];

/** The editor of `org`; a save is refused until it carries the confirmation (or `answer` says otherwise). */
function edit(answer?: (body: Record<string, unknown>) => Response, draftCheck?: DraftCheck) {
  const bodies: Record<string, unknown>[] = [];
  server.use(
    http.get(`/api/organizations/${org.id}`, () => HttpResponse.json(org)),
    http.patch(`/api/organizations/${org.id}`, async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      bodies.push(body);
      if (answer) return answer(body);
      if (body.confirmRequiredSuiteFailure === true) return HttpResponse.json({ ...org, ...body, version: org.version + 1 });
      return HttpResponse.json({ error: { ...errorBody('required_suite_failing', 'The required agent-test suites failed.').error, suites: failing } }, { status: 409 });
    }),
  );
  const onClose = vi.fn();
  const page = renderPage(<OrganizationDialog target={{ mode: 'edit', id: org.id, name: org.name }} onClose={onClose} draftCheck={draftCheck} />, { url: '/organizations', session: signedIn({ role: 'admin' }) });
  return { ...page, onClose, bodies };
}

async function changeGreeting(u: ReturnType<typeof edit>['user']) {
  await u.click(await screen.findByRole('tab', { name: /^Agent/ }));
  const greeting = screen.getByRole('textbox', { name: 'Greeting' });
  await u.clear(greeting);
  await u.type(greeting, 'Hi, Birch here.');
}

/**
 * The button once the confirmation on top of the editor takes pointer events: the dialog library
 * turns them off outside the top-most dialog a moment after it opens, and a click in that moment
 * (a loaded machine) would land on nothing.
 */
async function interactive(button: HTMLElement): Promise<HTMLElement> {
  await waitFor(() => expect(getComputedStyle(button).pointerEvents).not.toBe('none'));
  return button;
}

describe('saving agent settings a required suite failed on', () => {
  it('asks a second time, naming the suites, with focus on “Go back”; “Save anyway” sends the same save confirmed', async () => {
    const { user: u, bodies, onClose } = edit();
    await changeGreeting(u);
    await u.click(screen.getByRole('button', { name: 'Save changes' }));

    const dialog = await screen.findByRole('alertdialog', { name: 'Required suites fail on these settings' });
    expect(within(dialog).getByText('Emergencies').closest('li')).toHaveTextContent('Emergencies — 4 of 6 scenarios passed');
    expect(within(dialog).getByText('Bookings').closest('li')).toHaveTextContent('Bookings — 9 of 10 scenarios passed');
    expect(dialog).toHaveAccessibleDescription(/Nothing has been saved yet\..*recorded in the audit log under your name\./);
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Go back' })).toHaveFocus());
    expect(onClose).not.toHaveBeenCalled();
    // The refusal is the dialog, not an error alert behind it (the toasts' empty region aside).
    expect(screen.queryAllByRole('alert').filter((el) => el.textContent)).toEqual([]);

    await u.click(await interactive(within(dialog).getByRole('button', { name: 'Save anyway' })));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(bodies).toHaveLength(2);
    const [first, second] = bodies as [Record<string, unknown>, Record<string, unknown>];
    expect(first).not.toHaveProperty('confirmRequiredSuiteFailure');
    expect(first.agentSettings).toMatchObject({ greeting: 'Hi, Birch here.' });
    expect(second).toEqual({ ...first, confirmRequiredSuiteFailure: true });
    expect(screen.getByText('Saved Birch Clinic')).toBeInTheDocument();
  });

  it('Escape goes back to the editor, which says what was not saved; saving again asks again', async () => {
    const { user: u, bodies, onClose } = edit();
    await changeGreeting(u);
    const save = screen.getByRole('button', { name: 'Save changes' });
    await u.click(save);
    const dialog = await screen.findByRole('alertdialog');
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Go back' })).toHaveFocus());

    await u.keyboard('{Escape}');

    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    // Only the confirmation closed: the editor and what was typed are still there.
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('textbox', { name: 'Greeting' })).toHaveValue('Hi, Birch here.');
    const notSaved = screen.getAllByRole('status').find((el) => el.textContent?.startsWith('Not saved'));
    expect(notSaved).toHaveTextContent('The required suites “Emergencies”, “Bookings” failed on these agent settings.');
    await waitFor(() => expect(save).toHaveFocus());
    expect(bodies).toHaveLength(1);

    await u.click(save);
    const again = await screen.findByRole('alertdialog');
    await u.click(await interactive(within(again).getByRole('button', { name: 'Go back' })));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(bodies).toHaveLength(2);
    expect(bodies.every((b) => !('confirmRequiredSuiteFailure' in b))).toBe(true);
  });

  it('a confirmed save that fails otherwise closes the confirmation and shows the failure in the editor', async () => {
    const { user: u, onClose } = edit((body) =>
      body.confirmRequiredSuiteFailure
        ? HttpResponse.json(errorBody('stale_version', 'This organization was changed elsewhere.'), { status: 409 })
        : HttpResponse.json({ error: { code: 'required_suite_failing', message: 'The required agent-test suite failed.', suites: [failing[0]] } }, { status: 409 }),
    );
    await changeGreeting(u);
    await u.click(screen.getByRole('button', { name: 'Save changes' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'A required suite fails on these settings' });
    await u.click(await interactive(within(dialog).getByRole('button', { name: 'Save anyway' })));

    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(await findAlert('Changed elsewhere')).toHaveTextContent('Reload to see their changes');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('a run on the draft plays the settings a save would store: an emptied greeting is the one written from the name', async () => {
    const drafts: Record<string, unknown>[] = [];
    const check: DraftCheck = ({ draftAgentSettings }) => (
      <button type="button" onClick={() => drafts.push(draftAgentSettings())}>
        Test these settings
      </button>
    );
    const { user: u, bodies } = edit(undefined, check);
    await u.click(await screen.findByRole('tab', { name: /^Agent/ }));
    await u.clear(screen.getByRole('textbox', { name: 'Greeting' }));
    await u.click(screen.getByRole('button', { name: 'Test these settings' }));
    await u.click(screen.getByRole('button', { name: 'Save changes' }));
    await screen.findByRole('alertdialog');

    expect(drafts[0]).toMatchObject({ greeting: expect.stringMatching(/^Thank you for calling Birch Clinic\. /) });
    expect(drafts[0]).toEqual(bodies[0]!.agentSettings);
  });
});
