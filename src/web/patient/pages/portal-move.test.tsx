/** @jsxImportSource preact */
import type { PortalRequest } from '@contracts/portal';
import { screen, waitFor } from '@testing-library/dom';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { renderPatientPage } from '@web/test/render-patient';
import { server } from '@web/test/server';
import { VisitPanel } from './portal-visit';

/**
 * A visit booked on the calendar, in the portal (issue 31 §4): moved to another open time of its
 * type (picked, held, confirmed) or cancelled, until the visit type's notice; after that, only a
 * call to the practice. A visit scheduled by hand keeps "Ask for another time".
 */

const ZONE = 'America/New_York';
const practice = { timeZone: ZONE, country: 'US' };
const HART = { id: 'c-hart', name: 'Dr. Rebecca Hart', title: 'MD' };
const START = '2026-03-03T14:00:00.000Z';

const booking = (over: Partial<NonNullable<PortalRequest['visit']>['booking'] & object> = {}) => ({
  visitType: { id: 'vt-1', nameEn: 'Annual physical', nameEs: 'Examen físico anual', lengthMinutes: 30 },
  clinician: { id: HART.id, name: HART.name },
  clinicians: [HART],
  changeUntil: '2026-03-02T14:00:00.000Z',
  canChange: true,
  canMove: true,
  maxDaysAhead: 30,
  ...over,
});

const request = (visitBooking: ReturnType<typeof booking> | null, startsAt = START): PortalRequest => ({
  id: 'r-1',
  referenceCode: 'K7M-4P2Q',
  status: 'scheduled',
  reason: 'Annual physical',
  reasonOther: null,
  submittedAt: '2026-03-01T12:00:00.000Z',
  scheduledFor: startsAt,
  declineReason: null,
  canCancel: false,
  history: [],
  intake: { status: 'not_started', available: true },
  messages: [],
  visit: {
    startsAt,
    durationMinutes: 30,
    location: 'Maple Street clinic',
    clinician: HART.name,
    address: '214 Maple Street, Hartford, CT 06103',
    calendarPath: '/api/portal/requests/r-1/visit.ics',
    anotherTimeAskedAt: null,
    booking: visitBooking,
  },
  thread: null,
});

const time = (local: string) => {
  const start = new Date(`${local}:00-05:00`).toISOString();
  return { start, end: start, startLocal: local, clinicianId: HART.id, clinicianName: HART.name, locationId: 'l-1', locationName: 'Maple Street clinic' };
};

function render(r: PortalRequest) {
  const onChanged = vi.fn();
  const view = renderPatientPage(<VisitPanel request={r} visit={r.visit!} practice={practice} onChanged={onChanged} onSignedOut={() => undefined} />, { url: '/portal' });
  return { ...view, onChanged };
}

describe('a calendar visit in the portal', () => {
  it('is moved: a new time is picked and held, then the visit moves to it on confirmation', async () => {
    const sent: { hold?: unknown; move?: unknown } = {};
    const moved = request(booking(), time('2026-03-05T10:30').start);
    server.use(
      http.get('/api/portal/requests/r-1/visit/open-times', () =>
        HttpResponse.json({ timeZone: ZONE, visitTypeId: 'vt-1', from: '2026-03-02', to: '2026-03-08', firstDate: '2026-03-02', lastDate: '2026-04-01', times: [time('2026-03-05T10:30')], truncated: false }),
      ),
      http.post('/api/portal/requests/r-1/visit/hold', async ({ request: req }) => {
        sent.hold = await req.json();
        const t = time('2026-03-05T10:30');
        return HttpResponse.json({ hold: { id: 'h-1', visitType: { id: 'vt-1', nameEn: 'Annual physical', nameEs: 'x', lengthMinutes: 30, newPatientsAllowed: true }, clinician: { id: HART.id, name: HART.name }, location: { id: 'l-1', name: 'Maple Street clinic', address: '' }, start: t.start, end: t.end, startLocal: t.startLocal, timeZone: ZONE, heldUntil: '2026-03-02T13:10:00.000Z', expired: false } });
      }),
      http.post('/api/portal/requests/r-1/visit/move', async ({ request: req }) => {
        sent.move = await req.json();
        return HttpResponse.json({ request: moved });
      }),
    );
    const { user, onChanged } = render(request(booking()));
    expect(screen.getByText('Annual physical')).toBeInTheDocument();
    expect(screen.getByText(/You can cancel or move it here until/)).toBeInTheDocument();
    // A calendar visit is moved here, not asked about.
    expect(screen.queryByRole('button', { name: 'Ask for another time' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Choose another time' }));
    expect(screen.getByText('Pick a new time for your Annual physical. Your visit keeps its time until you confirm the new one.')).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: /Thursday, March 5, 10:30\sAM, with Dr\. Rebecca Hart/ }));
    expect(await screen.findByText('We keep this time for you until 8:10 AM.')).toBeInTheDocument();
    expect(sent.hold).toEqual({ clinicianId: HART.id, start: time('2026-03-05T10:30').start });
    await user.click(screen.getByRole('button', { name: 'Move my visit to this time' }));
    await waitFor(() => expect(onChanged).toHaveBeenCalledWith(moved));
    expect(sent.move).toEqual({ holdId: 'h-1' });
    expect(screen.getByText('Your visit was moved. We sent you the new time.')).toBeInTheDocument();
  });

  it('within the notice: no cancel or move here, call the practice', () => {
    render(request(booking({ canChange: false, canMove: false })));
    expect(screen.getByText('It is too close to your visit to change it online. Please call the practice.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel visit' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Choose another time' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add to my calendar (.ics)' })).toBeInTheDocument();
  });

  it('a visit scheduled by hand keeps cancel and “ask for another time”', () => {
    render(request(null));
    expect(screen.getByRole('button', { name: 'Ask for another time' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel visit' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Choose another time' })).not.toBeInTheDocument();
  });
});
