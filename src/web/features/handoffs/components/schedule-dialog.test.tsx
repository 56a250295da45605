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
  clinician: null,
  suggestions: [
    { local: '2030-12-03T08:00', at: '2030-12-03T13:00:00.000Z', fitsPreferences: true, otherVisits: 0 },
    { local: '2030-12-03T08:30', at: '2030-12-03T13:30:00.000Z', fitsPreferences: true, otherVisits: 0 },
  ],
  clinicianVisits: [],
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
    const { user } = renderPage(<ScheduleDialog request={request} timeZone="America/New_York" country="US" open onOpenChange={() => undefined} />, { url: '/handoffs/h-1' });
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

  it('shows the time in the practice’s clock (issue 28) and sends the same wall time: 8:00 AM in the US, 14:30 in the UK', async () => {
    const sent: unknown[] = [];
    server.use(
      http.get('/api/appointment-requests/req-1/schedule-options', () => HttpResponse.json(options)),
      http.post('/api/appointment-requests/req-1/schedule', async ({ request: r }) => {
        sent.push(await r.json());
        return HttpResponse.json({ appointmentRequest: { ...request, status: 'scheduled', scheduledFor: '2030-12-03T13:00:00.000Z' }, warnings: [] });
      }),
    );
    const us = renderPage(<ScheduleDialog request={request} timeZone="America/New_York" country="US" open onOpenChange={() => undefined} />, { url: '/handoffs/h-1' });
    let dialog = await screen.findByRole('dialog', { name: 'Schedule the appointment' });
    await us.user.click(await within(dialog).findByRole('button', { name: 'Tue, Dec 3 · 8:00 AM' }));
    const usTime = within(dialog).getByLabelText(/^Time/);
    expect(usTime).toHaveAttribute('type', 'text');
    expect(usTime).toHaveValue('8:00 AM');
    await us.user.click(within(dialog).getByRole('button', { name: 'Schedule and notify' }));
    await waitFor(() => expect(sent[0]).toMatchObject({ scheduledFor: '2030-12-03T08:00' }));
    us.unmount();

    server.use(http.get('/api/appointment-requests/req-1/schedule-options', () => HttpResponse.json({ ...options, timeZone: 'Europe/London', country: 'GB' })));
    const uk = renderPage(<ScheduleDialog request={request} timeZone="Europe/London" country="GB" open onOpenChange={() => undefined} />, { url: '/handoffs/h-1' });
    dialog = await screen.findByRole('dialog', { name: 'Schedule the appointment' });
    await uk.user.type(within(dialog).getByLabelText(/^Date/), '2030-12-03');
    const ukTime = within(dialog).getByLabelText(/^Time/);
    await uk.user.type(ukTime, '2:30pm');
    await uk.user.tab();
    expect(ukTime).toHaveValue('14:30');
    await uk.user.clear(ukTime);
    await uk.user.type(ukTime, '9');
    await uk.user.tab();
    expect(ukTime).toHaveValue('09:00');
    await uk.user.clear(ukTime);
    await uk.user.type(ukTime, 'soon');
    await uk.user.click(within(dialog).getByRole('button', { name: 'Schedule and notify' }));
    expect(await within(dialog).findByText('Enter a time such as 09:00 or 17:30')).toBeInTheDocument();
    expect(ukTime).toHaveAttribute('aria-invalid', 'true');
    expect(sent).toHaveLength(1);
    await uk.user.clear(ukTime);
    await uk.user.type(ukTime, '14:30');
    await uk.user.click(within(dialog).getByRole('button', { name: 'Schedule and notify' }));
    await waitFor(() => expect(sent[1]).toMatchObject({ scheduledFor: '2030-12-03T14:30' }));
  });

  it("shows the server's message beside the field it is about", async () => {
    server.use(
      http.get('/api/appointment-requests/req-1/schedule-options', () => HttpResponse.json(options)),
      http.post('/api/appointment-requests/req-1/schedule', () => HttpResponse.json(errorBody('validation_failed', 'Some fields need attention.', { clinician: 'Leave out < and >.' }), { status: 400 })),
    );
    const { user } = renderPage(<ScheduleDialog request={request} timeZone="America/New_York" country="US" open onOpenChange={() => undefined} />, { url: '/handoffs/h-1' });
    const dialog = await screen.findByRole('dialog', { name: 'Schedule the appointment' });
    await user.click(await within(dialog).findByRole('button', { name: 'Tue, Dec 3 · 8:30 AM' }));
    await user.type(within(dialog).getByLabelText('Clinician'), 'Dr <b>');
    await user.click(within(dialog).getByRole('button', { name: 'Schedule and notify' }));
    expect(await within(dialog).findByText('Leave out < and >.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Clinician')).toHaveAttribute('aria-invalid', 'true');
  });

  it('moving a visit on a clinician’s calendar to a time taken there says so, not that someone changed the request', async () => {
    const scheduled = { ...request, status: 'scheduled', scheduledFor: '2030-12-02T14:00:00.000Z', visit: { durationMinutes: 30, clinician: 'Dr. Amara Rivera', location: 'Suite 200' } } as unknown as RequestView;
    server.use(
      http.get('/api/appointment-requests/req-1/schedule-options', () => HttpResponse.json(options)),
      http.post('/api/appointment-requests/req-1/schedule', () => HttpResponse.json(errorBody('slot_taken', 'That time was just taken.'), { status: 409 })),
    );
    const { user } = renderPage(<ScheduleDialog request={scheduled} timeZone="America/New_York" country="US" open onOpenChange={() => undefined} />, { url: '/handoffs/h-1' });
    const dialog = await screen.findByRole('dialog', { name: 'Move the appointment' });
    expect(within(dialog).getByText(/A visit booked on a clinician’s calendar moves there too\./)).toBeInTheDocument();
    await user.click(await within(dialog).findByRole('button', { name: 'Tue, Dec 3 · 8:30 AM' }));
    await user.click(within(dialog).getByRole('button', { name: 'Move and notify' }));
    expect(await within(dialog).findByText('That time is taken on the clinician’s calendar: choose another')).toBeInTheDocument();
    expect(within(dialog).getByText('That time was just taken.')).toBeInTheDocument();
    expect(within(dialog).queryByText('Someone else changed this request first')).toBeNull();
  });

  it("shows a chosen time in the patient's zone when their number places them in another", async () => {
    server.use(http.get('/api/appointment-requests/req-1/schedule-options', () => HttpResponse.json({ ...options, patientTimeZone: 'Europe/London' })));
    const { user } = renderPage(<ScheduleDialog request={request} timeZone="America/New_York" country="US" open onOpenChange={() => undefined} />, { url: '/handoffs/h-1' });
    const dialog = await screen.findByRole('dialog', { name: 'Schedule the appointment' });
    await user.click(await within(dialog).findByRole('button', { name: 'Tue, Dec 3 · 8:00 AM' }));
    expect(within(dialog).getByText(/For the patient \(Europe\/London, from their number\):/)).toHaveTextContent(/1:00\s?PM/);
  });

  it("refetches the suggestions for the clinician typed, and warns live when the time overlaps one of their visits", async () => {
    const asked: string[] = [];
    let sent: unknown = null;
    server.use(
      http.get('/api/appointment-requests/req-1/schedule-options', ({ request: r }) => {
        const clinician = new URL(r.url).searchParams.get('clinician');
        asked.push(clinician ?? '');
        if (clinician?.toLowerCase().replace(/\s+/g, '') !== 'drchen') return HttpResponse.json({ ...options, clinician });
        return HttpResponse.json({
          ...options,
          clinician,
          clinicians: [...options.clinicians, 'Dr Chen'],
          // Her 8:00 is taken: 8:30 and the next Thursday are offered instead.
          suggestions: [options.suggestions[1]!, { local: '2030-12-05T08:00', at: '2030-12-05T13:00:00.000Z', fitsPreferences: true, otherVisits: 2 }],
          clinicianVisits: [{ at: '2030-12-03T13:00:00.000Z', durationMinutes: 30, clinician: 'Dr Chen' }],
        });
      }),
      http.post('/api/appointment-requests/req-1/schedule', async ({ request: r }) => {
        sent = await r.json();
        return HttpResponse.json({
          appointmentRequest: { ...request, status: 'scheduled', scheduledFor: '2030-12-03T13:15:00.000Z' },
          warnings: ['clinician_busy'],
          clashes: [{ at: '2030-12-03T13:00:00.000Z', durationMinutes: 30, clinician: 'Dr Chen' }],
        });
      }),
    );
    const { user } = renderPage(<ScheduleDialog request={request} timeZone="America/New_York" country="US" open onOpenChange={() => undefined} />, { url: '/handoffs/h-1' });
    const dialog = await screen.findByRole('dialog', { name: 'Schedule the appointment' });
    expect(await within(dialog).findByTestId('suggestions-note')).toHaveTextContent('Times with no other visit at the practice come first; choose a clinician to see only their free times.');
    await user.type(within(dialog).getByLabelText(/^Date/), '2030-12-03');
    await user.type(within(dialog).getByLabelText(/^Time/), '08:15');
    await user.type(within(dialog).getByLabelText('Clinician'), 'dr chen');

    const busy = await within(dialog).findByTestId('clinician-busy', {}, { timeout: 3000 });
    expect(busy).toHaveTextContent('This time overlaps another visit with Dr Chen at 8:00 AM – 8:30 AM. You can still schedule it if the patient agreed to be double-booked.');
    // Asked once for nobody, then once for the whole name after the typing stopped — not once a letter.
    expect(asked).toEqual(['', 'dr chen']);
    expect(within(dialog).getByTestId('suggestions-note')).toHaveTextContent('Dr Chen has no other visit at these times.');
    expect(within(dialog).queryByRole('button', { name: /Tue, Dec 3 · 8:00 AM/ })).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Thu, Dec 5 · 8:00 AM 2 other visits at this time (other clinicians)' })).toBeInTheDocument();
    expect(within(dialog).queryByTestId('slot-warning')).toBeNull();

    // Half past is free for her; back at quarter past, another clinician is not warned.
    await user.click(within(dialog).getByRole('button', { name: 'Tue, Dec 3 · 8:30 AM' }));
    expect(within(dialog).queryByTestId('clinician-busy')).toBeNull();
    await user.clear(within(dialog).getByLabelText(/^Time/));
    await user.type(within(dialog).getByLabelText(/^Time/), '08:15');
    expect(within(dialog).getByTestId('clinician-busy')).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText('Clinician'));
    await user.type(within(dialog).getByLabelText('Clinician'), 'Dr Lee');
    expect(within(dialog).queryByTestId('clinician-busy')).toBeNull();
    await waitFor(() => expect(asked.at(-1)).toBe('Dr Lee'));
    expect(within(dialog).queryByTestId('clinician-busy')).toBeNull();

    // A double booking is warned, not refused.
    await user.clear(within(dialog).getByLabelText('Clinician'));
    await user.type(within(dialog).getByLabelText('Clinician'), 'Dr Chen');
    expect(await within(dialog).findByTestId('clinician-busy', {}, { timeout: 3000 })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Schedule and notify' }));
    await waitFor(() => expect(sent).toMatchObject({ scheduledFor: '2030-12-03T08:15', clinician: 'Dr Chen' }));
    expect(await screen.findByText(/Note: overlapping another visit with Dr Chen at 8:00 AM – 8:30 AM\./)).toBeInTheDocument();
  });
});
