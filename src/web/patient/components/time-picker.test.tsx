/** @jsxImportSource preact */
import type { OpenTime } from '@contracts/calendars';
import type { PublicOpenTimesResponse } from '@contracts/public-booking';
import { screen, waitFor, within } from '@testing-library/dom';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { renderPatientPage } from '@web/test/render-patient';
import { server } from '@web/test/server';
import { setLocale } from '../i18n/i18n';
import { RequestTimePage } from '../pages/request-time';
import { TimePicker, type TimePickerProps } from './time-picker';

/**
 * The time picker of the web booking (issue 31 §4): open times by day in the practice's zone,
 * labelled, with the patient's own time when it reads otherwise; a clinician or the first
 * available; a week at a time; loading, empty and error states; every choice a labelled button.
 */

const ZONE = 'America/New_York';
const clock = { timeZone: ZONE, country: 'US' };
const HART = { id: 'c-hart', name: 'Dr. Rebecca Hart', title: 'MD' };
const RUIZ = { id: 'c-ruiz', name: 'Dr. Luis Ruiz', title: 'DO' };

/** An open time at a New York wall time in March 2026 (EST, UTC−5). */
function at(local: string, clinician = HART): OpenTime {
  const start = new Date(`${local}:00-05:00`);
  return {
    start: start.toISOString(),
    end: new Date(start.getTime() + 30 * 60_000).toISOString(),
    startLocal: local,
    clinicianId: clinician.id,
    clinicianName: clinician.name,
    locationId: 'l-1',
    locationName: 'Maple Street clinic',
  };
}

const answer = (from: string, to: string, times: OpenTime[], bounds = { firstDate: '2026-03-02', lastDate: '2026-03-30' }): PublicOpenTimesResponse => ({
  timeZone: ZONE,
  visitTypeId: 'vt-1',
  from,
  to,
  ...bounds,
  times,
  truncated: false,
});

const WEEK_1 = answer('2026-03-02', '2026-03-08', [at('2026-03-03T09:00'), at('2026-03-03T09:40', RUIZ), at('2026-03-03T14:15'), at('2026-03-05T08:30')]);

function renderPicker(props: Partial<TimePickerProps> = {}) {
  const onSelect = vi.fn();
  const load = props.load ?? vi.fn(async () => WEEK_1);
  const view = renderPatientPage(<TimePicker id="t" clock={clock} clinicians={[HART, RUIZ]} load={load} selected={null} onSelect={onSelect} zone={ZONE} {...props} />);
  return { ...view, onSelect, load };
}

describe('TimePicker', () => {
  it('shows the week’s dates with their number of times, and the first date with times by part of the day, in the practice’s labelled zone', async () => {
    renderPicker();
    const days = await screen.findByRole('group', { name: /Dates/ });
    const buttons = within(days).getAllByRole('button');
    expect(buttons).toHaveLength(7);
    expect(buttons[0]).toHaveAccessibleName('Mon, Mar 2, no times');
    expect(buttons[0]).toBeDisabled();
    expect(buttons[1]).toHaveAccessibleName('Tue, Mar 3, 3 times');
    expect(buttons[1]).toHaveAttribute('aria-pressed', 'true');
    expect(buttons[3]).toHaveAccessibleName('Thu, Mar 5, 1 time');
    expect(screen.getByText('Times are in the practice’s time zone (EST).')).toBeInTheDocument();
    expect(screen.queryByText(/Your own time/)).not.toBeInTheDocument();

    const times = screen.getByRole('region', { name: 'Open times on Tuesday, March 3' });
    expect(within(times).getByRole('heading', { name: 'Morning' })).toBeInTheDocument();
    expect(within(times).getByRole('heading', { name: 'Afternoon' })).toBeInTheDocument();
    expect(within(times).queryByRole('heading', { name: 'Evening' })).not.toBeInTheDocument();
    // Each time says in full what it is, with whom (first available picks the clinician).
    expect(within(times).getByRole('button', { name: /^Tuesday, March 3, 9:40\sAM, with Dr\. Luis Ruiz$/ })).toBeInTheDocument();
  });

  it('a patient in another zone sees their own time under each time', async () => {
    renderPicker({ zone: 'America/Los_Angeles' });
    expect(await screen.findByText('Your own time (PST) is shown under each time.')).toBeInTheDocument();
    const nine = screen.getByRole('button', { name: /9:00\sAM, with Dr\. Rebecca Hart, 6:00\sAM your time$/ });
    expect(nine).toHaveTextContent(/^9:00\sAM6:00\sAM$/);
  });

  it('is chosen from the keyboard: Tab to a time, Enter picks it', async () => {
    const { user, onSelect } = renderPicker();
    await screen.findByRole('region', { name: /Open times on/ });
    const target = screen.getByRole('button', { name: /2:15\sPM/ });
    while (document.activeElement !== target) await user.tab();
    await user.keyboard('{Enter}');
    expect(onSelect).toHaveBeenCalledWith(WEEK_1.times[2]);
    // Another date, then its time.
    screen.getByRole('button', { name: /Thu, Mar 5/ }).focus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('region', { name: 'Open times on Thursday, March 5' })).toBeInTheDocument();
  });

  it('marks the chosen time, asks for one clinician’s times, and moves a week at a time within the bookable dates', async () => {
    const load = vi.fn(async (q: { from?: string; clinicianId?: string }) =>
      q.from === '2026-03-09' ? answer('2026-03-09', '2026-03-15', [at('2026-03-10T10:00')]) : WEEK_1,
    );
    const { user } = renderPicker({ load, selected: WEEK_1.times[0]! });
    await screen.findByRole('region', { name: /Open times on/ });
    expect(load).toHaveBeenLastCalledWith({ from: undefined, clinicianId: undefined, days: 7 });
    expect(screen.getByRole('button', { name: /9:00\sAM/ })).toHaveAttribute('aria-pressed', 'true');
    // The first week: nothing earlier to see.
    expect(screen.getByRole('button', { name: 'Earlier dates' })).toBeDisabled();

    await user.selectOptions(screen.getByLabelText('Who would you like to see?'), 'Dr. Luis Ruiz, DO');
    await waitFor(() => expect(load).toHaveBeenLastCalledWith({ from: undefined, clinicianId: 'c-ruiz', days: 7 }));

    await user.click(screen.getByRole('button', { name: 'Later dates' }));
    await waitFor(() => expect(load).toHaveBeenLastCalledWith({ from: '2026-03-09', clinicianId: 'c-ruiz', days: 7 }));
    expect(await screen.findByRole('region', { name: 'Open times on Tuesday, March 10' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Earlier dates' })).toBeEnabled();
  });

  it('says when a week has no open times; the last bookable week has no later dates', async () => {
    renderPicker({ load: async () => answer('2026-03-23', '2026-03-29', [], { firstDate: '2026-03-02', lastDate: '2026-03-29' }) });
    expect(await screen.findByText('No open times from Mon, Mar 23 to Sun, Mar 29.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Later dates' })).toBeDisabled();
  });

  it('loading, then an error with a way to try again', async () => {
    let fail = true;
    const load = vi.fn(() => (fail ? Promise.reject(new TypeError('offline')) : Promise.resolve(WEEK_1)));
    const { user } = renderPicker({ load });
    expect(screen.getByRole('status')).toHaveTextContent('Loading open times…');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('We could not reach the server.');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('region', { name: /Open times on/ })).toBeInTheDocument();
  });

  it('speaks Spanish', async () => {
    setLocale('es');
    try {
      renderPicker();
      expect(await screen.findByRole('region', { name: 'Horas libres el martes, 3 de marzo' })).toBeInTheDocument();
      expect(screen.getByText('Las horas están en la zona horaria de la consulta (EST).')).toBeInTheDocument();
      expect(screen.getByRole('heading', { name: 'Mañana' })).toBeInTheDocument();
    } finally {
      setLocale('en');
    }
  });
});

describe('/request-appointment/time', () => {
  const practice = {
    slug: 'maple-street',
    name: 'Maple Street Clinic',
    timeZone: ZONE,
    phone: null,
    phoneDisplay: null,
    country: 'US',
    address: { line1: '', city: '', region: '', postalCode: '', country: 'US' },
    requestsEnabled: true,
    requestMessage: '',
    visitReasons: [],
    emergencyNumber: '911',
    weekly: [],
    upcomingClosures: [],
    status: { open: false, nextChange: null },
  };
  const options = {
    timeZone: ZONE,
    holdMinutes: 10,
    visitTypes: [
      { id: 'vt-1', nameEn: 'Annual physical', nameEs: 'Examen físico anual', lengthMinutes: 30, newPatientsAllowed: true, maxDaysAhead: 30, clinicians: [HART, RUIZ] },
      { id: 'vt-2', nameEn: 'Sick visit', nameEs: 'Consulta por enfermedad', lengthMinutes: 20, newPatientsAllowed: false, maxDaysAhead: 7, clinicians: [HART] },
    ],
  };

  it('a time taken meanwhile: says so, offers the next times and reads the times again; a new patient is told the visit is not for them', async () => {
    const holds: unknown[] = [];
    let loads = 0;
    server.use(
      http.get('/api/public/practices/maple-street', () => HttpResponse.json(practice)),
      http.get('/api/public/practices/maple-street/booking', () => HttpResponse.json(options)),
      http.get('/api/public/practices/maple-street/open-times', () => {
        loads++;
        return HttpResponse.json(WEEK_1);
      }),
      http.post('/api/public/appointment-requests/draft', () => HttpResponse.json({})),
      http.post('/api/public/appointment-requests/draft/hold', async ({ request }) => {
        holds.push(await request.json());
        if (holds.length === 1) return HttpResponse.json({ error: { code: 'slot_taken', message: 'That time was just taken.', nextTimes: [at('2026-03-03T10:15')] } }, { status: 409 });
        return HttpResponse.json({ hold: {} });
      }),
    );
    const { user } = renderPatientPage(<RequestTimePage slug="maple-street" />, { url: '/request-appointment/time?org=maple-street' });

    // A visit for returning patients asks first, and a new patient is not offered its times.
    await user.click(await screen.findByRole('radio', { name: /Sick visit/ }));
    await user.click(screen.getByRole('radio', { name: 'No, I am a new patient' }));
    expect(screen.getByText(/New patients cannot book a Sick visit online/)).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: /Dates/ })).not.toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: /Annual physical/ }));
    await user.click(await screen.findByRole('button', { name: /9:00\sAM, with Dr\. Rebecca Hart/ }));
    expect(screen.getByRole('heading', { name: 'Your choice' })).toBeInTheDocument();
    expect(screen.getByText('We keep this time for you for 10 minutes while you give your details.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Continue with this time' }));

    expect(await screen.findByText('That time was just taken. These are the next open times:')).toBeInTheDocument();
    expect(holds[0]).toEqual({ visitTypeId: 'vt-1', clinicianId: 'c-hart', start: WEEK_1.times[0]!.start, isNewPatient: true });
    await waitFor(() => expect(loads).toBe(2));
    expect(screen.queryByRole('heading', { name: 'Your choice' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /10:15\sAM · Dr\. Rebecca Hart/ }));
    await user.click(screen.getByRole('button', { name: 'Continue with this time' }));
    await waitFor(() => expect(window.location.pathname).toBe('/request-appointment/start'));
    expect(holds[1]).toMatchObject({ start: at('2026-03-03T10:15').start });
  });
});
