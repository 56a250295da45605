import { expect, request, test as base } from '@playwright/test';
import { DEMO_PASSWORD, DEMO_USERS } from './support/env';
import { expectStatus } from './support/api';
import { signIn } from './support/fixtures';
import { startTextingServer, type TextingServer } from './support/texting-server';
import type { FakeMessage } from '../src/server/telephony/outbound/testing/fake-twilio-rest';

/**
 * Issue 30 §6: with texts going out through Twilio's Messages API (here a fake Twilio on loopback,
 * the integration tests' own, started for this spec with a server configured for it:
 * e2e/support/texting-server.ts), the demo patient signs in to /portal by phone with the code the
 * text carried — read from what "Twilio" took, never from the server — and finds their portal; a
 * developer then sees that very text delivered in /developer → Outbox, after Twilio's status
 * callbacks.
 */

const test = base.extend<object, { texting: TextingServer }>({
  texting: [
    async ({}, use) => {
      const server = await startTextingServer();
      await use(server);
      await server.stop();
    },
    { scope: 'worker', timeout: 180_000 },
  ],
  // Every page of this spec talks to the server with the text gateway.
  baseURL: async ({ texting }, use) => use(texting.baseUrl),
});

const PATIENT = { slug: 'maple-street', phone: '(860) 555-0118', e164: '+18605550118', dateOfBirth: '1984-03-14', firstName: 'Jordan', clinician: 'Dr. Nina Patel' };
const PRACTICE_NUMBER = '+18605550100';

test('a patient signs in to the portal with the code texted to their phone; the text shows delivered in the outbox', async ({ page, browser, texting }) => {
  test.setTimeout(120_000);
  const codeTexts = () => texting.twilio.messages.filter((m) => m.to === PATIENT.e164 && /patient portal code/.test(m.body));
  const before = codeTexts().length;

  // ── the patient asks for a code by phone ────────────────────────────────────────────────
  await page.goto(`/portal?org=${PATIENT.slug}`);
  await expect(page.getByLabel('Practice')).toHaveValue(PATIENT.slug);
  await page.getByLabel('Email or phone number').fill(PATIENT.phone);
  await page.getByLabel('Date of birth').fill(PATIENT.dateOfBirth);
  await page.getByRole('button', { name: 'Send me a code' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Enter your code' })).toBeVisible();
  await expect(page.getByText('If •••• 0118 matches our records')).toBeVisible();

  // ── the text reaches "Twilio": one message, from the practice's number, carrying the code ──
  let text: FakeMessage | undefined;
  await expect
    .poll(
      () => {
        text = codeTexts()[before];
        return text?.body ?? '';
      },
      // The server paces texts per practice (one a second): the demo's first-start notices may be ahead of it.
      { message: `a text with the portal code to ${PATIENT.e164}`, timeout: 60_000 },
    )
    .toMatch(/^Your Maple Street Family Practice patient portal code is \d{6}\. It expires in 10 minutes\..* Reply STOP to opt out\.$/);
  expect(text!.from).toBe(PRACTICE_NUMBER);
  expect(codeTexts()).toHaveLength(before + 1);
  const code = /code is (\d{6})/.exec(text!.body)![1]!;

  // ── typed into the portal, it signs the patient in to their requests ─────────────────────
  await page.getByLabel('6-digit code').fill(code);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Hello, ${PATIENT.firstName}` })).toBeVisible();
  const requests = page.getByRole('article');
  await expect(requests).toHaveCount(2);
  const visit = requests.filter({ hasText: 'Your visit' });
  await expect(visit.getByText('Scheduled', { exact: true }).first()).toBeVisible();
  await expect(visit.getByRole('region', { name: 'Your visit' })).toContainText(PATIENT.clinician);
  const inReview = requests.filter({ hasNotText: 'Your visit' });
  await expect(inReview.getByText('In review', { exact: true }).first()).toBeVisible();

  // ── Twilio reports sent, then delivered, to the StatusCallback; the server takes both ─────
  await expect
    .poll(() => text!.callbacks.map((c) => `${c.status} ${c.answered}`), { message: 'the status callbacks of the code text', timeout: 15_000 })
    .toEqual(['sent 204', 'delivered 204']);

  // ── a developer finds the text delivered in /developer → Outbox, the code never shown ─────
  const developerContext = await browser.newContext();
  try {
    const developer = await developerContext.newPage();
    await signIn(developer, DEMO_USERS.developer.email, DEMO_PASSWORD, { path: '/login?next=/developer?tab=outbox' });
    await developer.getByLabel('Recipient').fill('8605550118');
    const row = developer.getByRole('table', { name: 'Outbox messages' }).getByRole('row').filter({ hasText: 'portal-sign-in-code' });
    await expect(row).toHaveCount(1);
    await expect(row.getByText('Delivered', { exact: true })).toBeVisible();
    await expect(row).toContainText('twilio');
    await expect(row).not.toContainText(code);
    await row.getByRole('button').click();
    const dialog = developer.getByRole('dialog');
    await expect(dialog.getByText('Delivered to the phone')).toBeVisible();
    await expect(dialog).toContainText(text!.sid);
    await expect(dialog).toContainText('This message carried a one-time sign-in code.');
    await expect(dialog).not.toContainText(code);
  } finally {
    await developerContext.close();
  }

  // ── and that is what the outbox row holds ───────────────────────────────────────────────
  const api = await request.newContext({ baseURL: texting.baseUrl, extraHTTPHeaders: { origin: texting.baseUrl, accept: 'application/json' } });
  try {
    await expectStatus(await api.post('/api/session/login', { data: { email: DEMO_USERS.developer.email, password: DEMO_PASSWORD } }), 200, 'sign in as the developer');
    const res = await api.get('/api/developer/outbox', { params: { recipient: PATIENT.e164, template: 'portal-sign-in-code' } });
    await expectStatus(res, 200, 'GET /api/developer/outbox');
    const items = (await res.json()).items as Array<{ status: string; transport: string | null; channel: string; attempts: number; provider: { messageId: string | null; status: string | null; errorCode: string | null } | null }>;
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ channel: 'sms', status: 'delivered', transport: 'twilio', attempts: 1, provider: { messageId: text!.sid, status: 'delivered', errorCode: null } });
  } finally {
    await api.dispose();
  }
});
