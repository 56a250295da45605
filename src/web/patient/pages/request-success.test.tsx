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

const serve = (body: ReturnType<typeof success>) => server.use(http.get('/api/public/appointment-requests/submitted', () => HttpResponse.json(body)));

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
});
