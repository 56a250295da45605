/** @jsxImportSource preact */
import { screen, waitFor } from '@testing-library/dom';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderPatientPage } from '@web/test/render-patient';
import { server } from '@web/test/server';
import { RequestStartPage } from './request-start';

const DRAFT = '/api/public/appointment-requests/draft';

const emptyFields = {
  firstName: '',
  lastName: '',
  dateOfBirth: '',
  phone: '',
  email: '',
  isNewPatient: null,
  reason: '',
  reasonOther: '',
  preferredDays: [],
  timesOfDay: [],
  earliestDate: '',
  insuranceCarrier: '',
  insuranceMemberId: '',
  notes: '',
  consentToContact: false,
};

const draft = (fields: Record<string, unknown> = {}) => ({
  organization: { slug: 'maple-street', name: 'Maple Street Clinic' },
  status: 'draft',
  fields: { ...emptyFields, ...fields },
  step1Complete: false,
  step2Complete: false,
  expiresAt: '2099-01-01T00:00:00.000Z',
});

const practice = {
  slug: 'maple-street',
  name: 'Maple Street Clinic',
  timeZone: 'America/New_York',
  phone: '+18605550100',
  country: 'US',
  address: { line1: '1 Maple St', city: 'Hartford', region: 'CT', postalCode: '06103', country: 'US' },
  requestsEnabled: true,
  requestMessage: 'We will call you to confirm a time.',
  visitReasons: ['New patient visit', 'Follow-up'],
  emergencyNumber: '911',
  weekly: [],
  upcomingClosures: [],
  status: { open: false, nextChange: null },
};

const invalid = (fieldKeys: Record<string, string>) =>
  HttpResponse.json({ error: { code: 'validation_failed', message: 'Some fields need attention.', fieldKeys } }, { status: 400 });

/** A UK practice (Camden Road): its country's date order and phone numbers. */
const ukPractice = {
  ...practice,
  name: 'Camden Road Surgery',
  timeZone: 'Europe/London',
  phone: '+442079460000',
  country: 'GB',
  address: { line1: '12 Camden Road', city: 'London', region: '', postalCode: 'NW1 9LQ', country: 'GB' },
  emergencyNumber: '999',
};

/** The draft endpoints; `patch` answers a field saved on its own, `step` the whole step. Bodies are kept. */
function serveDraft({ patch, step, at = practice }: { patch: (body: Record<string, unknown>) => Response; step?: (body: Record<string, unknown>) => Response; at?: typeof practice }) {
  const sent: { patch: unknown[]; step: unknown[] } = { patch: [], step: [] };
  server.use(
    http.get(DRAFT, () => HttpResponse.json(draft())),
    // No time held: the request flow as before (issue 31 §4).
    http.get(`${DRAFT}/hold`, () => HttpResponse.json({ hold: null })),
    http.get('/api/public/practices/maple-street', () => HttpResponse.json(at)),
    http.patch(DRAFT, async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      sent.patch.push(body);
      return patch(body);
    }),
    http.put(`${DRAFT}/step-1`, async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      sent.step.push(body);
      return step?.(body) ?? HttpResponse.json(draft(body));
    }),
  );
  return sent;
}

/**
 * The step once its draft has loaded. The page then moves focus to its heading (the frame does
 * so whenever a page replaces another, here the loading page) a frame later; a person starts
 * typing after that, and a test must too, or the move takes focus out of the field being typed.
 */
async function stepReady() {
  const heading = await screen.findByRole('heading', { name: 'About you' });
  await waitFor(() => expect(heading).toHaveFocus());
}

describe('appointment request, step 1 (Preact)', () => {
  it('saves each field as the patient leaves it, and shows a refused one’s message beside it', async () => {
    const sent = serveDraft({ patch: (body) => ('phone' in body ? invalid({ phone: 'phoneFormat' }) : HttpResponse.json(draft(body))) });
    const { user } = renderPatientPage(<RequestStartPage />, { url: '/request-appointment/start' });
    await stepReady();

    await user.type(screen.getByLabelText('First name'), 'Ana');
    await user.tab();
    await waitFor(() => expect(screen.getByText('Saved')).toBeInTheDocument());

    await user.type(screen.getByLabelText('Phone number'), '12');
    await user.tab();

    const phone = screen.getByLabelText('Phone number');
    await waitFor(() => expect(phone).toHaveAccessibleDescription('The practice calls you on this number. Enter a phone number we can call, for example (860) 555-0100.'));
    expect(phone).toBeInvalid();
    expect(screen.getByLabelText('First name')).not.toBeInvalid();
    // A field saved on its own does not bring up the list of problems; that waits for Continue.
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(sent.patch).toEqual([{ firstName: 'Ana' }, { phone: '12' }]);
  });

  it('sends the step on Continue: a refusal lists the problems, success goes on to step 2', async () => {
    let attempt = 0;
    const sent = serveDraft({
      patch: (body) => HttpResponse.json(draft(body)),
      step: (body) => (++attempt === 1 ? invalid({ lastName: 'lastName.required', reason: 'reason.required' }) : HttpResponse.json(draft(body))),
    });
    const { user } = renderPatientPage(<RequestStartPage />, { url: '/request-appointment/start' });
    await stepReady();

    await user.click(screen.getByRole('button', { name: 'Continue' }));

    const summary = await screen.findByRole('alert');
    expect(summary).toHaveTextContent('There are 2 problems to fix:');
    expect(screen.getByLabelText('Last name')).toHaveAccessibleDescription('Enter your last name.');
    expect(screen.getByLabelText('Reason for your visit')).toHaveAccessibleDescription('Choose the reason for your visit.');
    expect(window.location.pathname).toBe('/request-appointment/start');

    await user.type(screen.getByLabelText('Last name'), 'Lopez');
    await user.selectOptions(screen.getByLabelText('Reason for your visit'), 'Other');
    await user.type(await screen.findByLabelText('Describe the reason'), 'Sore knee');
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    await waitFor(() => expect(window.location.pathname).toBe('/request-appointment/finish'));
    expect(sent.step[1]).toMatchObject({ lastName: 'Lopez', reason: 'other', reasonOther: 'Sore knee' });
  });

  it('a UK practice: the date of birth is typed day first, and the phone message gives a UK example', async () => {
    const sent = serveDraft({
      at: ukPractice,
      patch: (body) => ('phone' in body ? invalid({ phone: 'phoneFormat' }) : body.dateOfBirth === '1984-03-09' ? HttpResponse.json(draft(body)) : invalid({ dateOfBirth: 'dateFormat' })),
    });
    const { user } = renderPatientPage(<RequestStartPage />, { url: '/request-appointment/start' });
    await stepReady();

    const dob = screen.getByLabelText('Date of birth');
    expect(dob).toHaveAttribute('type', 'text');
    expect(dob).toHaveAccessibleDescription('Day, month and year, for example 27/03/2007.');
    await user.type(dob, '9/3/1984');
    await user.tab();
    // Read day first, sent as a calendar date, shown back in the practice's order.
    await waitFor(() => expect(sent.patch).toContainEqual({ dateOfBirth: '1984-03-09' }));
    expect(dob).toHaveValue('09/03/1984');

    // What is not a date there (no 27th month) goes as typed; the server's refusal gets a UK example.
    await user.clear(dob);
    await user.type(dob, '03/27/1984');
    await user.tab();
    await waitFor(() => expect(dob).toHaveAccessibleDescription('Day, month and year, for example 27/03/2007. Enter a real date, for example 27/03/2007.'));
    expect(sent.patch).toContainEqual({ dateOfBirth: '03/27/1984' });

    await user.type(screen.getByLabelText('Phone number'), '12');
    await user.tab();
    await waitFor(() => expect(screen.getByLabelText('Phone number')).toHaveAccessibleDescription('The practice calls you on this number. Enter a phone number we can call, for example 020 7946 0123.'));
  });

  it('a US practice: the date of birth is typed month first', async () => {
    const sent = serveDraft({ patch: (body) => HttpResponse.json(draft(body)) });
    const { user } = renderPatientPage(<RequestStartPage />, { url: '/request-appointment/start' });
    await stepReady();

    const dob = screen.getByLabelText('Date of birth');
    expect(dob).toHaveAccessibleDescription('Month, day and year, for example 03/27/2007.');
    await user.type(dob, '3/9/1984');
    await user.tab();
    await waitFor(() => expect(sent.patch).toContainEqual({ dateOfBirth: '1984-03-09' }));
    expect(dob).toHaveValue('03/09/1984');
  });
});
