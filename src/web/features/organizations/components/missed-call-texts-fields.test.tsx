import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { defaultAgentSettings, defaultAppointmentSettings, defaultMissedCallTexts, type Organization } from '@contracts/organizations';
import { errorBody, signedIn } from '@web/test/fixtures';
import { renderPage } from '@web/test/render';
import { server } from '@web/test/server';
import { OrganizationDialog } from './organization-dialog';

/** The Texts tab of the organization form (issue 30 §2): texts to callers the practice missed. */

const organization = (over: Partial<Organization> = {}): Organization => ({
  id: 'org-birch',
  name: 'Birch Clinic',
  slug: 'birch',
  timeZone: 'America/New_York',
  status: 'active',
  address: { line1: '', line2: '', city: '', region: '', postalCode: '', country: 'US' },
  phoneNumbers: [{ id: 'n1', number: '+18605550100', label: 'Main line' }],
  agentSettings: defaultAgentSettings('Birch Clinic'),
  appointmentSettings: defaultAppointmentSettings(),
  missedCallTexts: defaultMissedCallTexts(),
  textSending: { sender: '', perSecond: null },
  version: 3,
  createdAt: '2025-01-01T00:00:00Z',
  updatedAt: '2025-01-01T00:00:00Z',
  ...over,
});

function edit(org: Organization, answer: (body: Record<string, unknown>) => Response = (body) => HttpResponse.json({ ...org, ...body, version: org.version + 1 })) {
  const bodies: Record<string, unknown>[] = [];
  server.use(
    http.get(`/api/organizations/${org.id}`, () => HttpResponse.json(org)),
    http.patch(`/api/organizations/${org.id}`, async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      bodies.push(body);
      return answer(body);
    }),
  );
  const onClose = vi.fn();
  const page = renderPage(<OrganizationDialog target={{ mode: 'edit', id: org.id, name: org.name }} onClose={onClose} />, { url: '/organizations', session: signedIn({ role: 'admin' }) });
  return { ...page, onClose, bodies };
}

const preview = (language: string) => within(screen.getByRole('region', { name: 'What a caller reads' })).getByRole('figure', { name: new RegExp(`^In ${language}`) });

describe('texts to missed callers (organization form)', () => {
  it('are off until turned on; the standard text is shown as callers would read it, with the practice’s name and number', async () => {
    const { user: u, bodies, onClose } = edit(organization());
    await u.click(await screen.findByRole('tab', { name: /^Texts/ }));

    const toggle = screen.getByRole('checkbox', { name: 'Text callers we missed' });
    expect(toggle).not.toBeChecked();
    expect(toggle).toHaveAccessibleDescription(/Never to a landline or toll-free number, to a number that replied STOP, or twice to one number within 24 hours/);
    expect(within(preview('English')).getByText(/^Birch Clinic: sorry we missed you\./)).toHaveTextContent(
      'Birch Clinic: sorry we missed you. Reply to this text and we will get back to you, or call us at (860) 555-0100. In an emergency, call 911. Reply STOP to opt out.',
    );
    expect(within(preview('Spanish')).getByText(/^Birch Clinic: sentimos/)).toHaveTextContent('llámenos al (860) 555-0100. En una emergencia, llame al 911. Responda STOP para no recibir más mensajes.');

    // By keyboard: the box takes focus and Space turns it on.
    toggle.focus();
    await u.keyboard(' ');
    expect(toggle).toBeChecked();
    await u.click(screen.getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(bodies[0]).toMatchObject({ version: 3, missedCallTexts: { enabled: true, message: '', messageEs: '' } });
  });

  it('the practice’s own words: the preview follows what is typed; a placeholder it cannot fill is shown beside the field and nothing is sent', async () => {
    const { user: u, bodies, onClose } = edit(organization({ missedCallTexts: { enabled: true, message: '', messageEs: '' } }));
    await u.click(await screen.findByRole('tab', { name: /^Texts/ }));
    expect(screen.getByRole('checkbox', { name: 'Text callers we missed' })).toBeChecked();

    const english = screen.getByRole('textbox', { name: 'Text in English' });
    await u.type(english, 'Missed you! Ring {{phone} please');
    await u.click(screen.getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(english).toHaveAccessibleDescription(expect.stringContaining('{phone} is not something we can fill in. Use {practice}, {number}, {emergency}')));
    expect(english).toBeInvalid();
    expect(within(screen.getByRole('tab', { name: /^Texts/ })).getByRole('img', { name: 'has errors' })).toBeInTheDocument();
    expect(bodies).toEqual([]);

    await u.clear(english);
    await u.type(english, 'Sorry we missed you at {{practice}. Call {{number}.');
    expect(within(preview('English')).getByText(/^Sorry/)).toHaveTextContent('Sorry we missed you at Birch Clinic. Call (860) 555-0100. Reply STOP to opt out.');
    await u.click(screen.getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(bodies[0]).toMatchObject({ missedCallTexts: { enabled: true, message: 'Sorry we missed you at {practice}. Call {number}.', messageEs: '' } });
  });

  it('the server’s message about the Spanish text lands beside it, on this tab; no Spanish text when the phone agent speaks English only', async () => {
    const org = organization();
    const { user: u } = edit(org, () => HttpResponse.json(errorBody('validation_failed', 'Some fields need attention.', { 'missedCallTexts.messageEs': 'Use at most 320 characters.' }), { status: 400 }));
    await screen.findByRole('tab', { name: /^Texts/ });
    await u.click(screen.getByRole('button', { name: 'Save changes' }));

    const spanish = await screen.findByRole('textbox', { name: 'Text in Spanish' });
    await waitFor(() => expect(spanish).toHaveAccessibleDescription(expect.stringContaining('Use at most 320 characters.')));
    expect(screen.getByRole('tab', { name: /^Texts/ })).toHaveAttribute('aria-selected', 'true');

    await u.click(screen.getByRole('tab', { name: /^Agent/ }));
    await u.selectOptions(screen.getByRole('combobox', { name: 'Languages on the phone' }), 'English only');
    await u.click(screen.getByRole('tab', { name: /^Texts/ }));
    expect(screen.queryByRole('textbox', { name: 'Text in Spanish' })).not.toBeInTheDocument();
  });
});

describe('reminders before a booked visit (organization form, issue 31 §5)', () => {
  it('a practice that never chose gets the day before and 2 hours before; the choice is sent, and kept when nothing else changes', async () => {
    const stored = organization({ appointmentSettings: { ...defaultAppointmentSettings(), reminderHours: [24, 2] } });
    const { user: u, bodies, onClose } = edit(stored);
    await u.click(await screen.findByRole('tab', { name: /^Appointments/ }));
    const reminders = screen.getByRole('group', { name: 'Reminders before a booked visit' });
    expect(within(reminders).getByRole('checkbox', { name: 'The day before (24 hours)' })).toBeChecked();
    expect(within(reminders).getByRole('checkbox', { name: '2 hours before' })).toBeChecked();
    await u.click(within(reminders).getByRole('checkbox', { name: '2 hours before' }));
    await u.click(within(reminders).getByRole('checkbox', { name: '3 days before' }));
    await u.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect((bodies[0] as { appointmentSettings: { reminderHours: number[] } }).appointmentSettings.reminderHours).toEqual([72, 24]);
  });
});
