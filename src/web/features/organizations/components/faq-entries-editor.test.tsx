import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { defaultAgentSettings, defaultAppointmentSettings, defaultMissedCallTexts, type Organization } from '@contracts/organizations';
import { errorBody, signedIn } from '@web/test/fixtures';
import { renderPage } from '@web/test/render';
import { server } from '@web/test/server';
import { OrganizationDialog, type OrganizationDialogTarget } from './organization-dialog';

/** The FAQ tab of the organization form (issue 26 §6): entries added, filled, removed and checked. */

function open(target: OrganizationDialogTarget) {
  const onClose = vi.fn();
  const page = renderPage(<OrganizationDialog target={target} onClose={onClose} />, { url: '/organizations', session: signedIn({ role: 'admin' }) });
  return { ...page, onClose };
}

const tab = (name: string) => screen.getByRole('tab', { name: new RegExp(`^${name}`) });
const entry = (n: number) => screen.getByRole('group', { name: `Question ${n}` });
const box = (group: HTMLElement, name: string) => within(group).getByRole('textbox', { name });

function serve(method: 'post' | 'patch', url: string, answer: (body: Record<string, unknown>) => Response) {
  const bodies: Record<string, unknown>[] = [];
  server.use(
    http[method](url, async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      bodies.push(body);
      return answer(body);
    }),
  );
  return bodies;
}

const saved = (body: Record<string, unknown>) =>
  HttpResponse.json({ id: 'org-new', version: 1, status: 'active', ...body, phoneNumbers: [], createdAt: '2025-01-01T00:00:00Z', updatedAt: '2025-01-01T00:00:00Z' }, { status: 201 });

async function newOrganization() {
  const page = open({ mode: 'create' });
  await page.user.type(screen.getByRole('textbox', { name: 'Name' }), 'Birch Clinic');
  await page.user.type(screen.getByRole('combobox', { name: 'Time zone' }), 'Asia/Tokyo');
  await page.user.click(tab('FAQ'));
  return page;
}

describe('FAQ entries in the organization form', () => {
  it('starts empty, adds an entry by keyboard with its question focused, and sends what was typed', async () => {
    const bodies = serve('post', '/api/organizations', saved);
    const { user: u, onClose } = await newOrganization();

    expect(screen.getByRole('heading', { name: 'No questions yet' })).toBeInTheDocument();
    screen.getByRole('button', { name: 'Add a question' }).focus();
    await u.keyboard('{Enter}');

    await waitFor(() => expect(box(entry(1), 'Question')).toHaveFocus());
    expect(screen.queryByRole('heading', { name: 'No questions yet' })).not.toBeInTheDocument();
    await u.keyboard('Where can I park?');
    await u.tab();
    await u.keyboard('Behind the building.');
    await u.type(box(entry(1), 'Question in Spanish'), '¿Dónde me estaciono?');
    await u.type(box(entry(1), 'Answer in Spanish'), 'Detrás del edificio.');
    expect(screen.getByText('1 of 100 questions')).toBeInTheDocument();

    await u.click(screen.getByRole('button', { name: 'Create organization' }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(bodies[0]).toMatchObject({
      agentSettings: expect.objectContaining({
        faq: [{ question: 'Where can I park?', answer: 'Behind the building.', questionEs: '¿Dónde me estaciono?', answerEs: 'Detrás del edificio.' }],
      }),
    });
  });

  it('shows what an entry lacks beside its field, on the FAQ tab, and sends nothing', async () => {
    const bodies = serve('post', '/api/organizations', saved);
    const { user: u } = await newOrganization();
    await u.click(screen.getByRole('button', { name: 'Add a question' }));
    await u.type(box(entry(1), 'Question in Spanish'), '¿Hay estacionamiento?');
    await u.click(tab('Details'));

    await u.click(screen.getByRole('button', { name: 'Create organization' }));

    await waitFor(() => expect(box(entry(1), 'Question')).toHaveAccessibleDescription('Enter the question.'));
    expect(tab('FAQ')).toHaveAttribute('aria-selected', 'true');
    expect(box(entry(1), 'Answer')).toHaveAccessibleDescription('Enter the answer.');
    expect(box(entry(1), 'Answer in Spanish')).toHaveAccessibleDescription(expect.stringContaining('Enter the answer in Spanish, or clear the question in Spanish.'));
    expect(within(tab('FAQ')).getByRole('img', { name: 'has errors' })).toBeInTheDocument();
    await waitFor(() => expect(box(entry(1), 'Question')).toHaveFocus());
    expect(bodies).toEqual([]);
  });

  it('hides the Spanish fields for an English-only practice', async () => {
    const { user: u } = await newOrganization();
    await u.click(tab('Agent'));
    await u.selectOptions(screen.getByRole('combobox', { name: 'Languages on the phone' }), 'English only');
    await u.click(tab('FAQ'));
    await u.click(screen.getByRole('button', { name: 'Add a question' }));

    expect(within(entry(1)).queryByRole('textbox', { name: 'Question in Spanish' })).not.toBeInTheDocument();
    expect(box(entry(1), 'Answer')).toBeInTheDocument();
  });

  it('edits a saved FAQ: removing an entry moves the focus to the one after it, and the server’s messages land beside their fields', async () => {
    const organization: Organization = {
      id: 'org-birch',
      name: 'Birch Clinic',
      slug: 'birch',
      timeZone: 'America/New_York',
      status: 'active',
      address: { line1: '', line2: '', city: '', region: '', postalCode: '', country: 'US' },
      phoneNumbers: [],
      agentSettings: {
        ...defaultAgentSettings('Birch Clinic'),
        faq: [
          { question: 'Where can I park?', answer: 'Behind the building.' },
          { question: 'Do you take walk-ins?', answer: 'Mornings only.', questionEs: '¿Atienden sin cita?', answerEs: 'Solo por la mañana.' },
        ],
      },
      appointmentSettings: defaultAppointmentSettings(),
      missedCallTexts: defaultMissedCallTexts(),
      textSending: { sender: '', perSecond: null },
      version: 3,
      createdAt: '2025-01-01T00:00:00Z',
      updatedAt: '2025-01-01T00:00:00Z',
    };
    server.use(http.get('/api/organizations/org-birch', () => HttpResponse.json(organization)));
    const bodies = serve('patch', '/api/organizations/org-birch', () =>
      HttpResponse.json(errorBody('validation_failed', 'Some fields need attention.', { 'agentSettings.faq.0.answer': 'Use at most 1,000 characters.' }), { status: 400 }),
    );
    const { user: u, onClose } = open({ mode: 'edit', id: 'org-birch', name: 'Birch Clinic' });
    await u.click(await screen.findByRole('tab', { name: /^FAQ/ }));

    expect(box(entry(2), 'Question in Spanish')).toHaveValue('¿Atienden sin cita?');
    await u.click(within(entry(1)).getByRole('button', { name: 'Remove question 1' }));

    await waitFor(() => expect(box(entry(1), 'Question')).toHaveFocus());
    expect(box(entry(1), 'Question')).toHaveValue('Do you take walk-ins?');
    expect(screen.queryByRole('group', { name: 'Question 2' })).not.toBeInTheDocument();

    await u.click(tab('Details'));
    await u.click(screen.getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(box(entry(1), 'Answer')).toHaveAccessibleDescription('Use at most 1,000 characters.'));
    expect(tab('FAQ')).toHaveAttribute('aria-selected', 'true');
    expect(bodies[0]).toMatchObject({ version: 3, agentSettings: expect.objectContaining({ faq: [{ question: 'Do you take walk-ins?', answer: 'Mornings only.', questionEs: '¿Atienden sin cita?', answerEs: 'Solo por la mañana.' }] }) });
    expect(onClose).not.toHaveBeenCalled();

    await u.click(within(entry(1)).getByRole('button', { name: 'Remove question 1' }));
    expect(screen.getByRole('heading', { name: 'No questions yet' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Add a question' })).toHaveFocus());
  });
});
