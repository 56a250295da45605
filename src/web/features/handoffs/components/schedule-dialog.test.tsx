import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { RequestView, ScheduleOptionsResponse } from '@contracts/appointment-requests';
import { renderPage } from '@web/test/render';
import { server } from '@web/test/server';
import { errorBody } from '@web/test/fixtures';
import { ScheduleDialog } from './schedule-dialog';

/** Issue 19 §3: the scheduling dialog shows what the slot should fit, suggests, warns, and sends the visit. */
const request = {
  id: 'req-1',
  referenceCode: 'ABC-1234',
  status: 'in_review',
  version: 2,
  preferences: { days: ['tue', 'thu'], timesOfDay: ['morning'] },
  visit: null,
} as unknown as RequestView;

const options: ScheduleOptionsResponse = {
  timeZone: 'America/New_York',
  country: 'US',
  patientTimeZone: null,
  preferences: { days: ['tue', 'thu'], timesOfDay: ['morning'], earliestDate: null, text: null },
  patientNotes: 'Tuesday or Thursday mornings, before work',
  officeHours: { weekly: [1, 2, 3, 4, 5].map((day) => ({ day, start: '08:00', end: '17:00' })), overrides: [] },
  durationMinutes: 30,
  suggestions: [
    { local: '2030-12-03T08:00', at: '2030-12-03T13:00:00.000Z', fitsPreferences: true },
    { local: '2030-12-03T08:30', at: '2030-12-03T13:30:00.000Z', fitsPreferences: true },
  ],
  address: '1 Main Street, Hartford, CT 06103',
  locations: ['1 Main Street, Hartford, CT 06103', 'Suite 200'],
  clinicians: ['Dr. Amara Rivera'],
};

describe('the scheduling dialog', () => {
  it('shows preferences and office hours, warns on a Saturday, and schedules a suggested slot with its length, place and clinician', async () => {
    let sent: unknown = null;
    server.use(
      http.get('/api/appointment-requests/req-1/schedule-options', ({ request: r }) => HttpResponse.json({ ...options, durationMinutes: Number(new URL(r.url).searchParams.get('durationMinutes')) })),
      http.post('/api/appointment-requests/req-1/schedule', async ({ request: r }) => {
        sent = await r.json();
        return HttpResponse.json({ appointmentRequest: { ...request, status: 'scheduled', scheduledFor: '2030-12-03T13:00:00.000Z' }, warnings: [] });
      }),
    );
    const { user } = renderPage(<ScheduleDialog request={request} timeZone="America/New_York" open onOpenChange={() => undefined} />, { url: '/handoffs/h-1' });
    const dialog = await screen.findByRole('dialog', { name: 'Schedule the appointment' });
    expect(await within(dialog).findByTestId('patient-preferences')).toHaveTextContent('Tue, Thu · morning');
    expect(within(dialog).getByText('“Tuesday or Thursday mornings, before work”')).toBeInTheDocument();
    expect(within(dialog).getByTestId('office-hours')).toHaveTextContent('Mon–Fri 8:00 AM – 5:00 PM');
    expect(within(dialog).getByTestId('office-hours')).toHaveTextContent('Sat–Sun closed');

    await user.type(within(dialog).getByLabelText(/^Date/), '2030-12-07');
    await user.type(within(dialog).getByLabelText(/^Time/), '10:00');
    expect(await within(dialog).findByTestId('slot-warning')).toHaveTextContent('This time is outside office hours; not a day the patient asked for.');

    const slot = within(dialog).getByRole('button', { name: 'Tue, Dec 3 · 8:00 AM' });
    await user.click(slot);
    expect(slot).toHaveAttribute('aria-pressed', 'true');
    expect(within(dialog).queryByTestId('slot-warning')).toBeNull();
    await user.selectOptions(within(dialog).getByLabelText('Length'), '45');
    await user.type(within(dialog).getByLabelText('Location'), 'Suite 200');
    await user.type(within(dialog).getByLabelText('Clinician'), 'Dr. Amara Rivera');
    await user.click(within(dialog).getByRole('button', { name: 'Schedule and notify' }));
    await waitFor(() => expect(sent).toEqual({ version: 2, scheduledFor: '2030-12-03T08:00', durationMinutes: 45, location: 'Suite 200', clinician: 'Dr. Amara Rivera' }));
  });

  it("shows the server's message beside the field it is about", async () => {
    server.use(
      http.get('/api/appointment-requests/req-1/schedule-options', () => HttpResponse.json(options)),
      http.post('/api/appointment-requests/req-1/schedule', () => HttpResponse.json(errorBody('validation_failed', 'Some fields need attention.', { clinician: 'Leave out < and >.' }), { status: 400 })),
    );
    const { user } = renderPage(<ScheduleDialog request={request} timeZone="America/New_York" open onOpenChange={() => undefined} />, { url: '/handoffs/h-1' });
    const dialog = await screen.findByRole('dialog', { name: 'Schedule the appointment' });
    await user.click(await within(dialog).findByRole('button', { name: 'Tue, Dec 3 · 8:30 AM' }));
    await user.type(within(dialog).getByLabelText('Clinician'), 'Dr <b>');
    await user.click(within(dialog).getByRole('button', { name: 'Schedule and notify' }));
    expect(await within(dialog).findByText('Leave out < and >.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Clinician')).toHaveAttribute('aria-invalid', 'true');
  });

  it("shows a chosen time in the patient's zone when their number places them in another", async () => {
    server.use(http.get('/api/appointment-requests/req-1/schedule-options', () => HttpResponse.json({ ...options, patientTimeZone: 'Europe/London' })));
    const { user } = renderPage(<ScheduleDialog request={request} timeZone="America/New_York" open onOpenChange={() => undefined} />, { url: '/handoffs/h-1' });
    const dialog = await screen.findByRole('dialog', { name: 'Schedule the appointment' });
    await user.click(await within(dialog).findByRole('button', { name: 'Tue, Dec 3 · 8:00 AM' }));
    expect(within(dialog).getByText(/For the patient \(Europe\/London, from their number\):/)).toHaveTextContent(/1:00\s?PM/);
  });
});
