import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { errorBody, signedIn } from '@web/test/fixtures';
import { findAlert, renderPage } from '@web/test/render';
import { server } from '@web/test/server';
import { OrganizationDialog } from './organization-dialog';

/** `POST /api/organizations` answered by `answer`, keeping the bodies sent. */
function serveCreate(answer: (body: Record<string, unknown>) => Response) {
  const bodies: Record<string, unknown>[] = [];
  server.use(
    http.post('/api/organizations', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      bodies.push(body);
      return answer(body);
    }),
  );
  return bodies;
}

const created = (body: Record<string, unknown>) =>
  HttpResponse.json({ id: 'org-new', version: 1, status: 'active', ...body, phoneNumbers: [], createdAt: '2025-01-01T00:00:00Z', updatedAt: '2025-01-01T00:00:00Z' }, { status: 201 });

function openNew() {
  found.clear();
  const onClose = vi.fn();
  const page = renderPage(<OrganizationDialog target={{ mode: 'create' }} onClose={onClose} />, { url: '/organizations', session: signedIn({ role: 'admin' }) });
  return { ...page, onClose };
}

/**
 * A text field by its label (the time zone is a text box with suggestions: a combobox). The form
 * keeps its elements, so each is looked up once per test: a role query computes the accessible
 * name of all its ~30 text boxes, about 0.1 s in jsdom.
 */
const found = new Map<string, HTMLElement>();
function field(name: string): HTMLElement {
  let element = found.get(name);
  if (!element) {
    element = screen.queryByRole('textbox', { name }) ?? screen.getByRole('combobox', { name });
    found.set(name, element);
  }
  return element;
}
const tab = (name: string) => screen.getByRole('tab', { name: new RegExp(`^${name}`) });

async function fillDetails(u: ReturnType<typeof openNew>['user']) {
  await u.type(field('Name'), 'Birch Clinic');
  await u.type(field('Time zone'), 'Asia/Tokyo');
}

describe('organization dialog (new organization)', () => {
  it('shows what is missing beside each field and sends nothing', async () => {
    const bodies = serveCreate(created);
    const { user: u } = openNew();

    await u.click(screen.getByRole('button', { name: 'Create organization' }));

    await waitFor(() => expect(field('Name')).toHaveAccessibleDescription('Enter a name.'));
    expect(field('Slug')).toHaveAccessibleDescription(expect.stringContaining('Use at least 2 characters.'));
    expect(field('Time zone')).toHaveAccessibleDescription(expect.stringContaining('Choose a time zone.'));
    expect(field('Name')).toBeInvalid();
    expect(within(tab('Details')).getByRole('img', { name: 'has errors' })).toBeInTheDocument();
    expect(bodies).toEqual([]);
  });

  it('makes the slug from the name until the slug is edited by hand', async () => {
    const { user: u } = openNew();

    await u.type(field('Name'), 'Café Élan Clinic');
    expect(field('Slug')).toHaveValue('cafe-elan-clinic');

    await u.clear(field('Slug'));
    await u.type(field('Slug'), 'elan');
    await u.type(field('Name'), ' North');
    expect(field('Slug')).toHaveValue('elan');
  });

  it('checks the slug’s form and the time zone’s name', async () => {
    const { user: u } = openNew();

    await u.type(field('Name'), 'Birch');
    await u.clear(field('Slug'));
    await u.type(field('Slug'), 'Birch Street');
    await u.type(field('Time zone'), 'Mars/Olympus');
    await u.click(screen.getByRole('button', { name: 'Create organization' }));

    await waitFor(() => expect(field('Slug')).toHaveAccessibleDescription(expect.stringContaining('Use lowercase letters, digits and single hyphens')));
    expect(field('Time zone')).toHaveAccessibleDescription(expect.stringContaining('Unknown time zone'));
  });

  it('opens the tab of a field with a problem on the first submit: an empty phone number row', async () => {
    const bodies = serveCreate(created);
    const { user: u } = openNew();
    await fillDetails(u);

    await u.click(tab('Phone numbers'));
    await u.click(screen.getByRole('button', { name: 'Add a number' }));
    await u.click(tab('Details'));
    await u.click(screen.getByRole('button', { name: 'Create organization' }));

    await waitFor(() => expect(field('Number 1')).toHaveAccessibleDescription('Enter a phone number.'));
    expect(within(tab('Phone numbers')).getByRole('img', { name: 'has errors' })).toBeInTheDocument();
    expect(bodies).toEqual([]);
    expect(tab('Phone numbers')).toHaveAttribute('aria-selected', 'true');
    await waitFor(() => expect(field('Number 1')).toHaveFocus());
  });

  it('asks for a model when the LLM brain is chosen', async () => {
    serveCreate(created);
    const { user: u } = openNew();
    await fillDetails(u);

    await u.click(tab('Agent'));
    await u.selectOptions(screen.getByRole('combobox', { name: 'Brain' }), 'LLM (OpenAI-compatible)');
    await u.click(screen.getByRole('button', { name: 'Create organization' }));

    await waitFor(() => expect(field('Model')).toHaveAccessibleDescription('Enter the model name the LLM agent uses.'));
  });

  it('sends the voice mode chosen: turn by turn by default, real-time when chosen (issue 20)', async () => {
    const bodies = serveCreate(created);
    const { user: u, onClose } = openNew();
    await fillDetails(u);
    await u.click(tab('Phone numbers'));
    await u.click(screen.getByRole('button', { name: 'Add a number' }));
    await u.type(field('Number 1'), '+17205550100');
    await u.click(tab('Agent'));
    const mode = screen.getByRole('combobox', { name: 'How calls are heard' });
    expect(mode).toHaveValue('gather');
    await u.selectOptions(mode, 'Real-time (ConversationRelay)');
    await u.click(screen.getByRole('button', { name: 'Create organization' }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(bodies[0]).toMatchObject({ agentSettings: expect.objectContaining({ voiceMode: 'relay' }) });
  });

  it('creates the organization with what was typed, and closes', async () => {
    const bodies = serveCreate(created);
    const { user: u, onClose } = openNew();
    await fillDetails(u);
    await u.click(tab('Phone numbers'));
    await u.click(screen.getByRole('button', { name: 'Add a number' }));
    await u.type(field('Number 1'), '+17205550100');
    await u.type(field('Label of number 1'), 'Desk');

    await u.click(screen.getByRole('button', { name: 'Create organization' }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(bodies).toHaveLength(1);
    expect(bodies[0]).toMatchObject({
      name: 'Birch Clinic',
      slug: 'birch-clinic',
      timeZone: 'Asia/Tokyo',
      status: 'active',
      phoneNumbers: [{ number: '+17205550100', label: 'Desk' }],
      // An empty greeting is filled in with the organization's name.
      agentSettings: expect.objectContaining({ greeting: expect.stringMatching(/^Thank you for calling Birch Clinic\. /) }),
      appointmentSettings: expect.objectContaining({ visitReasons: ['New patient visit', 'Follow-up', 'Sick visit'] }),
    });
    expect(screen.getByText('Created Birch Clinic')).toBeInTheDocument();
  });

  it('puts the server’s messages beside their fields, on the tab that holds them', async () => {
    serveCreate(() =>
      HttpResponse.json(
        errorBody('conflict', 'Some fields need attention.', {
          'phoneNumbers.0.number': 'this number already belongs to Maple Street Clinic',
          slug: 'This slug is taken.',
        }),
        { status: 409 },
      ),
    );
    const { user: u, onClose } = openNew();
    await fillDetails(u);
    await u.click(tab('Phone numbers'));
    await u.click(screen.getByRole('button', { name: 'Add a number' }));
    await u.type(field('Number 1'), '+18605550100');

    await u.click(screen.getByRole('button', { name: 'Create organization' }));

    // The first field the server named is shown: its tab opens; every message is worded as a sentence.
    await waitFor(() => expect(field('Number 1')).toHaveAccessibleDescription('This number already belongs to Maple Street Clinic.'));
    expect(tab('Phone numbers')).toHaveAttribute('aria-selected', 'true');
    expect(field('Slug')).toHaveAccessibleDescription(expect.stringContaining('This slug is taken.'));
    expect(within(tab('Details')).getByRole('img', { name: 'has errors' })).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('a server 400 naming a field is shown beside it, and one naming no field is listed above the form', async () => {
    serveCreate(() =>
      HttpResponse.json(errorBody('validation_failed', 'Some fields need attention.', { name: 'Remove the < and > characters.', somethingElse: 'Not allowed here.' }), {
        status: 400,
      }),
    );
    const { user: u } = openNew();
    await fillDetails(u);

    await u.click(screen.getByRole('button', { name: 'Create organization' }));

    await waitFor(() => expect(field('Name')).toHaveAccessibleDescription('Remove the < and > characters.'));
    expect(screen.getByText('Not allowed here.')).toBeInTheDocument();
    expect(await findAlert('Some fields need attention. Check the messages below each field.')).toBeInTheDocument();
  });
});
