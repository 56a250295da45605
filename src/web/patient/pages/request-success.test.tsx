/** @jsxImportSource preact */
import { screen } from '@testing-library/dom';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderPatientPage } from '@web/test/render-patient';
import { server } from '@web/test/server';
import { RequestSuccessPage } from './request-success';

/** The success page says when the practice will call in the practice's clock, and numbers as people there write them (issue 28). */
const success = (organization: { country: string; phone: string; phoneDisplay: string }, contact: { phone: string; phoneDisplay: string }) => ({
  referenceCode: 'K7M4P2Q',
  organization: { slug: 'maple-street', name: 'Maple Street Clinic', message: '', emergencyNumber: organization.country === 'GB' ? '999' : '911', ...organization },
  callback: { kind: 'today', until: '18:00' },
  contact: { ...contact, email: null },
  intakeUrl: 'http://localhost/intake?t=abc',
  portalUrl: 'http://localhost/portal?org=maple-street',
});

const serve = (body: ReturnType<typeof success>, visit: unknown = null) =>
  server.use(
    http.get('/api/public/appointment-requests/submitted', () => HttpResponse.json(body)),
    // A request the practice schedules has no booked visit; a time picked on the web has one (issue 31 §4).
    http.get('/api/public/appointment-requests/submitted/visit', () => HttpResponse.json({ visit })),
  );

describe('/request-appointment/success', () => {
  it('a US practice promises its call in the 12-hour clock, with the number as given by the server', async () => {
    serve(success({ country: 'US', phone: '+18605550100', phoneDisplay: '(860) 555-0100' }, { phone: '+18605550142', phoneDisplay: '(860) 555-0142' }));
    renderPatientPage(<RequestSuccessPage />, { url: '/request-appointment/success' });
    expect(await screen.findByText(/will call you today before 6:00 PM at \(860\) 555-0142/)).toBeInTheDocument();
    expect(screen.queryByText(/18:00/)).not.toBeInTheDocument();
  });

  it('a UK practice in the 24-hour clock, its number nationally', async () => {
    serve(success({ country: 'GB', phone: '+442079460000', phoneDisplay: '020 7946 0000' }, { phone: '+442079460011', phoneDisplay: '020 7946 0011' }));
    renderPatientPage(<RequestSuccessPage />, { url: '/request-appointment/success' });
    expect(await screen.findByText(/will call you today before 18:00 at 020 7946 0011/)).toBeInTheDocument();
  });

  it('a booked time: when in the practice’s zone (and the patient’s own when it differs), what, with whom, where, the calendar file', async () => {
    const visit = {
      status: 'booked',
      visitType: { id: 'vt-1', nameEn: 'Annual physical', nameEs: 'Examen físico anual', lengthMinutes: 30 },
      clinician: { name: 'Dr. Rebecca Hart' },
      location: { name: 'Maple Street clinic', address: '214 Maple Street, Hartford, CT 06103' },
      start: '2026-03-03T14:40:00.000Z',
      end: '2026-03-03T15:10:00.000Z',
      startLocal: '2026-03-03T09:40',
      timeZone: 'America/New_York',
      country: 'US',
      calendarPath: '/api/public/appointment-requests/submitted/visit.ics',
    };
    serve(success({ country: 'US', phone: '+18605550100', phoneDisplay: '(860) 555-0100' }, { phone: '+18605550142', phoneDisplay: '(860) 555-0142' }), visit);
    renderPatientPage(<RequestSuccessPage />, { url: '/request-appointment/success' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Appointment booked' })).toBeInTheDocument();
    expect(screen.getByTestId('booked-time')).toHaveTextContent(/Tuesday, March 3, 2026(,| at) 9:40\sAM\sEST/);
    // The patient's own time, when their zone (the test machine's) reads another.
    const own = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' }).format(new Date(visit.start));
    if (/^9:40\sAM$/.test(own)) expect(screen.queryByText(/where you are/)).not.toBeInTheDocument();
    else expect(screen.getByText(new RegExp(`^That is .*${own.replace(/\s/g, '.')}.* where you are\\.$`))).toBeInTheDocument();
    expect(screen.getByTestId('booked-clinician')).toHaveTextContent('Dr. Rebecca Hart');
    expect(screen.getByTestId('booked-place')).toHaveTextContent('Maple Street clinic, 214 Maple Street, Hartford, CT 06103');
    expect(screen.getByText('Annual physical · 30 minutes')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add to my calendar (.ics)' })).toHaveAttribute('href', visit.calendarPath);
    expect(screen.getByTestId('reference-code')).toHaveTextContent('K7M4P2Q');
    // No promise of a call: the time is booked.
    expect(screen.queryByText(/will call you/)).not.toBeInTheDocument();
  });
});
