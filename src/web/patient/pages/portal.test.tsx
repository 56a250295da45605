/** @jsxImportSource preact */
import { screen, waitFor, within } from '@testing-library/dom';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { renderPatientPage } from '@web/test/render-patient';
import { server } from '@web/test/server';
import { setLocale } from '../i18n/i18n';
import { PortalPage } from './portal';

afterEach(() => setLocale('en'));

const practices = {
  items: [
    { slug: 'maple-street', name: 'Maple Street Clinic', city: 'Hartford', region: 'CT', country: 'US', requestsEnabled: true },
    { slug: 'harbor', name: 'Harbor Pediatrics', city: 'Mystic', region: 'CT', country: 'US', requestsEnabled: true },
    { slug: 'camden-road', name: 'Camden Road Surgery', city: 'London', region: '', country: 'GB', requestsEnabled: true },
  ],
};

const overview = {
  practice: { slug: 'maple-street', name: 'Maple Street Clinic', timeZone: 'America/New_York', phone: null, emergencyNumber: '911' },
  patient: { firstName: 'Ana', contact: 'a***@example.com' },
  requests: [],
  messages: [],
  idleMinutes: 15,
};

/**
 * The portal's endpoints: signed out until `POST /api/portal/verify` succeeds. `signIn` and
 * `verify` answer the two steps and keep the bodies sent.
 */
function servePortal({ signIn, verify }: { signIn: () => Response; verify?: () => Response }) {
  let signedIn = false;
  const sent: { signIn: unknown[]; verify: unknown[] } = { signIn: [], verify: [] };
  server.use(
    http.get('/api/public/practices', () => HttpResponse.json(practices)),
    http.get('/api/portal/overview', () =>
      signedIn ? HttpResponse.json(overview) : HttpResponse.json({ error: { code: 'unauthenticated', message: 'Sign in first.' } }, { status: 401 }),
    ),
    http.post('/api/portal/sign-in', async ({ request }) => {
      sent.signIn.push(await request.json());
      return signIn();
    }),
    http.post('/api/portal/verify', async ({ request }) => {
      sent.verify.push(await request.json());
      const answer = verify?.() ?? HttpResponse.json({ ok: true });
      if (answer.ok) signedIn = true;
      return answer;
    }),
  );
  return sent;
}

const invalid = (fieldKeys: Record<string, string>) =>
  HttpResponse.json({ error: { code: 'validation_failed', message: 'Some fields need attention.', fieldKeys } }, { status: 400 });
const challenge = () => HttpResponse.json({ challengeId: 'ch-1', channel: 'email', sentTo: 'a***@example.com' });

async function signInForm() {
  await screen.findByRole('heading', { name: 'Patient portal' });
  await waitFor(() => expect(within(screen.getByLabelText('Practice')).getAllByRole('option')).toHaveLength(4));
}

describe('patient portal sign-in (Preact)', () => {
  it('shows the server’s messages beside their fields and lists them above the form', async () => {
    const sent = servePortal({ signIn: () => invalid({ organization: 'required', contact: 'contact.format', dateOfBirth: 'dateOfBirth.future' }) });
    const { user } = renderPatientPage(<PortalPage slug={null} />, { url: '/portal' });
    await signInForm();

    await user.type(screen.getByLabelText('Email or phone number'), 'ana@');
    await user.click(screen.getByRole('button', { name: 'Send me a code' }));

    await waitFor(() => expect(screen.getByLabelText('Email or phone number')).toHaveAccessibleDescription('Enter a valid email address or phone number.'));
    expect(screen.getByLabelText('Practice')).toHaveAccessibleDescription('Choose your practice.');
    expect(screen.getByLabelText('Date of birth')).toHaveAccessibleDescription('Month, day and year, for example 03/27/2007. The date of birth must be in the past.');
    expect(screen.getByLabelText('Date of birth')).toBeInvalid();

    const summary = screen.getByRole('alert');
    expect(summary).toHaveTextContent('There are 3 problems to fix:');
    expect(within(summary).getByRole('link', { name: 'Email or phone number: Enter a valid email address or phone number.' })).toHaveAttribute('href', '#contact');
    expect(sent.signIn).toEqual([{ organization: '', contact: 'ana@', dateOfBirth: '' }]);
  });

  it('words the field messages again when the patient switches to Spanish', async () => {
    servePortal({ signIn: () => invalid({ contact: 'contact.required' }) });
    const { user } = renderPatientPage(<PortalPage slug="maple-street" />, { url: '/portal?org=maple-street' });
    await signInForm();

    await user.click(screen.getByRole('button', { name: 'Send me a code' }));
    await waitFor(() => expect(screen.getByLabelText('Email or phone number')).toHaveAccessibleDescription('Enter your email address or phone number.'));

    await user.click(screen.getByRole('button', { name: 'Español' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Español' })).toHaveAttribute('aria-pressed', 'true'));
    expect(screen.getByText('Introduzca su correo electrónico o su teléfono.')).toBeInTheDocument();
  });

  it('reads the date of birth in the order of the chosen practice’s country', async () => {
    const sent = servePortal({ signIn: challenge });
    const { user } = renderPatientPage(<PortalPage slug="camden-road" />, { url: '/portal?org=camden-road' });
    await signInForm();

    const dob = screen.getByLabelText('Date of birth');
    expect(dob).toHaveAccessibleDescription('Day, month and year, for example 27/03/2007.');
    await user.type(screen.getByLabelText('Email or phone number'), 'olivia@example.com');
    await user.type(dob, '21/6/1984');
    await user.click(screen.getByRole('button', { name: 'Send me a code' }));

    expect(await screen.findByRole('heading', { name: 'Enter your code' })).toBeInTheDocument();
    expect(sent.signIn).toEqual([{ organization: 'camden-road', contact: 'olivia@example.com', dateOfBirth: '1984-06-21' }]);
  });

  it('asks for the code, says a wrong one with the tries left, and signs in with the right one', async () => {
    let tries = 0;
    const sent = servePortal({
      signIn: challenge,
      verify: () =>
        ++tries === 1
          ? HttpResponse.json({ error: { code: 'invalid_code', message: 'Wrong code.', attemptsLeft: 4 } }, { status: 400 })
          : HttpResponse.json({ ok: true }),
    });
    const { user } = renderPatientPage(<PortalPage slug="maple-street" />, { url: '/portal?org=maple-street' });
    await signInForm();

    // The practice of the link is chosen already.
    expect(screen.getByLabelText('Practice')).toHaveDisplayValue('Maple Street Clinic');
    await user.type(screen.getByLabelText('Email or phone number'), 'ana@example.com');
    await user.type(screen.getByLabelText('Date of birth'), '1990-04-12');
    await user.click(screen.getByRole('button', { name: 'Send me a code' }));

    expect(await screen.findByRole('heading', { name: 'Enter your code' })).toBeInTheDocument();
    expect(screen.getByText(/If a\*\*\*@example\.com matches our records/)).toBeInTheDocument();
    expect(sent.signIn).toEqual([{ organization: 'maple-street', contact: 'ana@example.com', dateOfBirth: '1990-04-12' }]);

    await user.type(screen.getByLabelText('6-digit code'), '111111');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    // Announced, not only shown (issue 19 §8): the message is in an alert.
    expect(await screen.findByRole('alert')).toHaveTextContent('That code is not right. Check the latest message and try again. 4 tries left.');

    await user.clear(screen.getByLabelText('6-digit code'));
    await user.type(screen.getByLabelText('6-digit code'), '424242');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('heading', { name: 'Hello, Ana' })).toBeInTheDocument();
    expect(sent.verify).toEqual([
      { challengeId: 'ch-1', code: '111111' },
      { challengeId: 'ch-1', code: '424242' },
    ]);
    // The practice is remembered for the next visit.
    expect(localStorage.getItem('sb.portal.practice')).toBe('maple-street');
  });
});
