import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { errorBody } from '@web/test/fixtures';
import { renderPage } from '@web/test/render';
import { server } from '@web/test/server';
import { ORG, clinicianSummary, location, openTime, visit, visitType } from '../testing/calendar-fixtures';
import { BookVisitDialog } from './book-visit-dialog';

/**
 * Issue 31 §2: "Book a visit" — a visit type, a clinician or the first available, an open time,
 * then the patient; a time someone else took meanwhile answers 409 `slot_taken`, which says so and
 * offers the next times, and the details typed are kept.
 */
const visitTypes = [visitType(), visitType({ id: 'vt-2', nameEn: 'Follow-up', nameEs: 'Seguimiento', lengthMinutes: 15 })];
const clinicians = [clinicianSummary({ visitTypeIds: ['vt-1', 'vt-2'] }), clinicianSummary({ id: 'cl-2', name: 'Sam Okafor', title: 'NP', visitTypeIds: ['vt-2'] })];
const locations = [location()];

function renderDialog(onBooked = vi.fn()) {
  const page = renderPage(
    <BookVisitDialog
      open
      organizationId={ORG}
      timeZone="America/New_York"
      country="US"
      today="2030-03-11"
      initial={{ from: '2030-03-11', clinicianId: null, locationId: null }}
      visitTypes={visitTypes}
      clinicians={clinicians}
      locations={locations}
      onClose={() => undefined}
      onBooked={onBooked}
    />,
  );
  return { ...page, onBooked };
}

function serveOpenTimes() {
  const asked: URLSearchParams[] = [];
  server.use(
    http.get(`/api/organizations/${ORG}/open-times`, ({ request }) => {
      const q = new URL(request.url).searchParams;
      asked.push(q);
      return HttpResponse.json({
        timeZone: 'America/New_York',
        visitTypeId: q.get('visitTypeId'),
        from: '2030-03-11',
        to: '2030-03-17',
        stepMinutes: 15,
        times: [openTime('2030-03-11T09:00'), openTime('2030-03-11T09:15', { clinicianId: 'cl-2', clinicianName: 'Sam Okafor' }), openTime('2030-03-12T10:00')],
        truncated: false,
      });
    }),
  );
  return asked;
}

describe('booking a visit', () => {
  it('finds the first available time, takes the patient’s details and books it; a time just taken offers the next ones', async () => {
    const asked = serveOpenTimes();
    const sent: Record<string, unknown>[] = [];
    server.use(
      http.post(`/api/organizations/${ORG}/visits`, async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        sent.push(body);
        if (sent.length === 1) {
          return HttpResponse.json(
            { error: { code: 'slot_taken', message: 'That time was just taken.', nextTimes: [openTime('2030-03-11T09:30'), openTime('2030-03-11T10:15')] } },
            { status: 409 },
          );
        }
        return HttpResponse.json({ visit: visit({ startLocal: '2030-03-11T10:15', endLocal: '2030-03-11T10:45' }), warnings: [] }, { status: 201 });
      }),
    );
    const { user, onBooked } = renderDialog();
    const dialog = await screen.findByRole('dialog', { name: 'Book a visit: choose a time' });
    expect(within(dialog).getByText('Choose a visit type to see the open times.')).toBeInTheDocument();

    await user.selectOptions(within(dialog).getByLabelText('Visit type', { exact: false }), 'Follow-up (15 min)');
    expect(within(dialog).getByLabelText('Clinician')).toHaveValue('');
    const monday = await within(dialog).findByRole('group', { name: 'Mon, Mar 11' });
    expect(asked.at(-1)?.get('visitTypeId')).toBe('vt-2');
    expect(asked.at(-1)?.get('channel')).toBe('staff');
    expect(asked.at(-1)?.has('clinicianId')).toBe(false);
    expect(within(dialog).getByRole('button', { name: 'Continue' })).toBeDisabled();

    await user.click(within(monday).getByRole('button', { name: '9:15 AM, Sam Okafor at Main clinic' }));
    expect(within(monday).getByRole('button', { name: '9:15 AM, Sam Okafor at Main clinic' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));

    const second = await screen.findByRole('dialog', { name: 'Book a visit: the patient' });
    expect(within(second).getByText('Follow-up with Sam Okafor at Main clinic, Mon, Mar 11, 2030, 9:15 AM')).toBeInTheDocument();
    expect(within(second).getByText(/The patient is sent a confirmation by e-mail, with a calendar file, and by text message\./)).toBeInTheDocument();
    // Nothing typed yet: the form says what is missing, and nothing is sent.
    await user.click(within(second).getByRole('button', { name: 'Book visit' }));
    expect(await within(second).findByText('Enter the patient’s first name.')).toBeInTheDocument();
    expect(sent).toHaveLength(0);

    await user.type(within(second).getByLabelText('First name', { exact: false }), 'Jordan');
    await user.type(within(second).getByLabelText('Last name', { exact: false }), 'Ellis');
    await user.type(within(second).getByLabelText(/^Date of birth/), '1984-03-14');
    await user.type(within(second).getByLabelText('Phone'), '(860) 555-0142');
    await user.click(within(second).getByLabelText('Yes, returning'));
    await user.click(within(second).getByRole('button', { name: 'Book visit' }));

    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({
      visitTypeId: 'vt-2',
      clinicianId: 'cl-2',
      locationId: 'loc-1',
      start: '2030-03-11T09:15',
      patient: { firstName: 'Jordan', lastName: 'Ellis', dateOfBirth: '1984-03-14', phone: '(860) 555-0142', email: '', isNewPatient: false },
      patientId: null,
    });

    // 409 slot_taken: said plainly, with the next open times; the patient's details stay.
    const alert = await within(second).findByRole('alert');
    expect(alert).toHaveTextContent('That time was just taken');
    const next = within(alert).getByRole('button', { name: 'Mon, Mar 11, 10:15 AM' });
    expect(within(alert).getByRole('button', { name: 'Mon, Mar 11, 9:30 AM' })).toBeInTheDocument();
    expect(within(second).getByLabelText('First name', { exact: false })).toHaveValue('Jordan');
    expect(second).toHaveTextContent('Mon, Mar 11, 9:15 AM is no longer free: choose one of the next times, or change the time.');

    await user.click(next);
    expect(within(second).getByText('Follow-up with Dr. Amara Rivera at Main clinic, Mon, Mar 11, 2030, 10:15 AM')).toBeInTheDocument();
    await user.click(within(second).getByRole('button', { name: 'Book visit' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]).toMatchObject({ clinicianId: 'cl-1', start: '2030-03-11T10:15', patient: { firstName: 'Jordan' } });
    await waitFor(() => expect(onBooked).toHaveBeenCalledTimes(1));
    expect(onBooked.mock.calls[0]![0]).toMatchObject({ id: 'v-1', startLocal: '2030-03-11T10:15' });
    expect(await screen.findByText('Booked Jordan Ellis')).toBeInTheDocument();
    expect(screen.getByText(/The patient has been sent a confirmation\./)).toBeInTheDocument();
  });

  it('books a patient already on file by their record', async () => {
    serveOpenTimes();
    const sent: Record<string, unknown>[] = [];
    server.use(
      http.get(`/api/organizations/${ORG}/patients`, () =>
        HttpResponse.json({ items: [{ id: 'p-1', organizationId: ORG, firstName: 'Jordan', lastName: 'Ellis', dateOfBirth: '1984-03-14', phone: '+18605550142' }] }),
      ),
      http.post(`/api/organizations/${ORG}/visits`, async ({ request }) => {
        sent.push((await request.json()) as Record<string, unknown>);
        return HttpResponse.json({ visit: visit(), warnings: [] }, { status: 201 });
      }),
    );
    const { user, onBooked } = renderDialog();
    const dialog = await screen.findByRole('dialog', { name: 'Book a visit: choose a time' });
    await user.selectOptions(within(dialog).getByLabelText('Visit type', { exact: false }), 'Annual physical (30 min)');
    await user.selectOptions(within(dialog).getByLabelText('Clinician'), 'Dr. Amara Rivera');
    const monday = await within(dialog).findByRole('group', { name: 'Mon, Mar 11' });
    await user.click(within(monday).getByRole('button', { name: '9:00 AM' }));
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));

    const second = await screen.findByRole('dialog', { name: 'Book a visit: the patient' });
    await user.click(within(second).getByLabelText('Find a patient on file', { exact: false }));
    await user.type(within(second).getByRole('combobox', { name: 'Find the patient' }), 'ellis');
    await user.click(await within(second).findByRole('option', { name: /Jordan Ellis/ }));
    expect(within(second).getByTestId('linked-patient')).toHaveTextContent('Jordan Ellis');
    await user.click(within(second).getByRole('button', { name: 'Book visit' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ visitTypeId: 'vt-1', clinicianId: 'cl-1', start: '2030-03-11T09:00', patient: null, patientId: 'p-1' });
    await waitFor(() => expect(onBooked).toHaveBeenCalled());
  });

  it('says when no clinician does the visit type, and when the open times cannot be loaded', async () => {
    server.use(http.get(`/api/organizations/${ORG}/open-times`, () => HttpResponse.json(errorBody('internal_error', 'Something went wrong on our side.'), { status: 500 })));
    const page = renderPage(
      <BookVisitDialog
        open
        organizationId={ORG}
        timeZone="America/New_York"
        country="US"
        today="2030-03-11"
        initial={{ from: '2030-03-11', clinicianId: null, locationId: null }}
        visitTypes={[...visitTypes, visitType({ id: 'vt-3', nameEn: 'Travel shots', lengthMinutes: 20 })]}
        clinicians={clinicians}
        locations={locations}
        onClose={() => undefined}
        onBooked={() => undefined}
      />,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Book a visit: choose a time' });
    await page.user.selectOptions(within(dialog).getByLabelText('Visit type', { exact: false }), 'Travel shots (20 min)');
    expect(within(dialog).getByText('No clinician does this visit type yet: choose its clinicians in the Clinicians tab.')).toBeInTheDocument();
    await page.user.selectOptions(within(dialog).getByLabelText('Visit type', { exact: false }), 'Annual physical (30 min)');
    expect(await within(dialog).findByText('The open times could not be loaded.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
