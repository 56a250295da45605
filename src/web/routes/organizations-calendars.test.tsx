import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { ORG_MAPLE, signedIn, type Role } from '@web/test/fixtures';
import { renderPage } from '@web/test/render';
import { server } from '@web/test/server';
import { clinician, clinicianSummary, location, visit, visitType } from '@web/features/calendars/testing/calendar-fixtures';
import { OrganizationCalendarsRoute } from './organizations-calendars';

/**
 * /organizations/schedules/calendars: who sees and does what (PRODUCT §2; the server enforces it,
 * the page hides what a role cannot do), and a record made through its dialog.
 */
const ORG = ORG_MAPLE.id;
const PAGE = `/organizations/schedules/calendars?org=${ORG}`;

function serve() {
  const visitReads: URLSearchParams[] = [];
  const created: unknown[] = [];
  server.use(
    http.get(`/api/organizations/${ORG}/visit-types`, () => HttpResponse.json({ items: [visitType()] })),
    http.get(`/api/organizations/${ORG}/locations`, () => HttpResponse.json({ items: [location()] })),
    http.get(`/api/organizations/${ORG}/clinicians`, () => HttpResponse.json({ items: [clinicianSummary()] })),
    http.get(`/api/organizations/${ORG}/members`, () => HttpResponse.json({ items: [] })),
    http.get('/api/clinicians/cl-1', () => HttpResponse.json(clinician({ weekly: [{ day: 1, start: '09:00', end: '12:00', locationId: 'loc-1' }] }))),
    http.get(`/api/organizations/${ORG}/visits`, ({ request }) => {
      const q = new URL(request.url).searchParams;
      visitReads.push(q);
      const date = q.get('date')!;
      return HttpResponse.json({ timeZone: 'America/New_York', from: date, to: date, items: [visit({ startLocal: `${date}T09:00`, endLocal: `${date}T09:30` })] });
    }),
    http.post(`/api/organizations/${ORG}/visit-types`, async ({ request }) => {
      created.push(await request.json());
      return HttpResponse.json(visitType({ id: 'vt-9', nameEn: 'Flu shot' }), { status: 201 });
    }),
  );
  return { visitReads, created };
}

const open = (role: Role, url = PAGE) => renderPage(<OrganizationCalendarsRoute />, { url, path: '/organizations/schedules/calendars', session: signedIn({ role }) });

describe('the clinicians’ calendars page', () => {
  it('shows the front desk the day’s visits and “Book a visit”, but not the records’ edit controls', async () => {
    const { visitReads } = serve();
    const { user, searchParams } = open('agent');
    expect(await screen.findByRole('button', { name: /Jordan Ellis, Annual physical, with Dr. Amara Rivera at Main clinic, booked/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Book a visit' })).toBeInTheDocument();
    expect(visitReads[0]?.get('view')).toBe('day');
    expect(screen.getByText(/You can book, cancel and mark visits/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Next day' }));
    await waitFor(() => expect(searchParams().get('date')).not.toBeNull());
    await waitFor(() => expect(visitReads.at(-1)?.get('date')).toBe(searchParams().get('date')));
    await user.click(screen.getByRole('button', { name: 'Week', pressed: false }));
    await waitFor(() => expect(visitReads.at(-1)?.get('view')).toBe('week'));

    await user.click(screen.getByRole('tab', { name: 'Clinicians' }));
    expect(await screen.findByText('9:00 AM–12:00 PM')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add clinician' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save hours' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Visit types' }));
    expect(await screen.findByText('Annual physical')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Add visit type/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Change Annual physical' })).not.toBeInTheDocument();
  });

  it('shows a developer the records but never the visits (they carry patients’ details)', async () => {
    const { visitReads } = serve();
    open('developer');
    expect(await screen.findByRole('heading', { name: /Dr. Amara Rivera/ })).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Calendar' })).not.toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Clinicians', selected: true })).toBeInTheDocument();
    expect(screen.getByText('You can read these records. A supervisor or an administrator can change them.')).toBeInTheDocument();
    expect(visitReads).toHaveLength(0);
  });

  it('lets a supervisor add a visit type, with its rules, through its dialog', async () => {
    const { created } = serve();
    const { user } = open('supervisor', `${PAGE}&tab=visit-types`);
    await user.click(await screen.findByRole('button', { name: 'Add visit type' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a visit type' });
    await user.click(within(dialog).getByRole('button', { name: 'Add visit type' }));
    expect(await within(dialog).findByText('Enter the name in English, e.g. Annual physical.')).toBeInTheDocument();
    expect(created).toHaveLength(0);

    await user.type(within(dialog).getByLabelText(/^Name in English/), 'Flu shot');
    await user.type(within(dialog).getByLabelText(/^Name in Spanish/), 'Vacuna contra la gripe');
    await user.clear(within(dialog).getByLabelText(/^Length/));
    await user.type(within(dialog).getByLabelText(/^Length/), '15');
    await user.clear(within(dialog).getByLabelText('Minimum notice'));
    await user.type(within(dialog).getByLabelText('Minimum notice'), '1');
    await user.selectOptions(within(dialog).getByLabelText('Unit of the minimum notice'), 'days');
    await user.click(within(dialog).getByLabelText('Web (patients)'));
    await user.click(within(dialog).getByRole('switch', { name: 'New patients may book it themselves' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add visit type' }));
    await waitFor(() => expect(created).toHaveLength(1));
    expect(created[0]).toEqual({
      nameEn: 'Flu shot',
      nameEs: 'Vacuna contra la gripe',
      lengthMinutes: 15,
      bufferMinutes: 0,
      newPatientsAllowed: false,
      minNoticeMinutes: 1440,
      maxDaysAhead: 60,
      bookableBy: ['phone', 'staff'],
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add a visit type' })).not.toBeInTheDocument());
  });
});
