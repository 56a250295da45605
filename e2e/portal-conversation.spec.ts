import { expect as baseExpect } from '@playwright/test';
import pg from 'pg';
import { DEMO_PASSWORD, DEMO_USERS, E2E_PG_PORT } from './support/env';
import { demoApi, expectStatus, newApiContext } from './support/api';
import { expect, signIn, test } from './support/fixtures';
import { expectNoAxeViolations } from './handoffs-steps';
import { sentMessages } from './support/sent-messages';

/**
 * Issue 19 §4: the patient signs into the portal with a resent code (the first one no longer
 * works), reads the practice's message and replies; the reply shows on the handoff staff have
 * open, without a reload, and is stored on the handoff.
 */

const letters = () => Math.random().toString(36).replace(/[^a-z]/g, '').slice(0, 6) || 'abc';

/** The handoff of a request, read from the run's database (the demo queue is long). */
async function handoffOfRequest(reference: string): Promise<string> {
  const client = new pg.Client({ connectionString: `postgres://postgres:switchboard-local@127.0.0.1:${E2E_PG_PORT}/postgres` });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: string }>(
      'select h.id from handoffs h join appointment_requests r on r.id = h.appointment_request_id where r.reference_code = $1 order by h.created_at limit 1',
      [reference],
    );
    return rows[0]?.id ?? '';
  } finally {
    await client.end();
  }
}

async function newestCode(email: string, count: number): Promise<string> {
  let code = '';
  await expect
    .poll(
      async () => {
        const messages = await sentMessages(email, 'portal-sign-in-code');
        code = messages.length >= count ? (/\b(\d{6})\b/.exec(messages[0]!.body)?.[1] ?? '') : '';
        return code;
      },
      { message: `sign-in code number ${count} sent by email` },
    )
    .toMatch(/^\d{6}$/);
  return code;
}

test('a patient signs in with a resent code, reads the practice’s message and replies; staff see the reply on the handoff', async ({ browser, serverClock }) => {
  test.setTimeout(150_000);
  const lastName = `Thread${letters()}`;
  const email = `e2e-lena-${Date.now().toString(36)}@example.test`;
  const dateOfBirth = '1979-02-11';

  // ── arranged: a web request, as the request form sends it ──────────────────────────────
  const publicApi = await newApiContext();
  const draft = '/api/public/appointment-requests/draft';
  await expectStatus(await publicApi.post(draft, { data: { organization: 'maple-street' } }), 200, 'start a draft');
  await expectStatus(
    await publicApi.put(`${draft}/step-1`, { data: { firstName: 'Lena', lastName, dateOfBirth, phone: '(860) 555-0171', email, isNewPatient: true, reason: 'Annual physical', reasonOther: '' } }),
    200,
    'step 1',
  );
  await expectStatus(
    await publicApi.put(`${draft}/step-2`, { data: { preferredDays: ['tue'], timesOfDay: ['morning'], earliestDate: '', insuranceCarrier: '', insuranceMemberId: '', notes: '', consentToContact: true } }),
    200,
    'step 2',
  );
  const submitted = await publicApi.post(`${draft}/submit`, { data: {} });
  await expectStatus(submitted, 200, 'submit');
  const reference = (await submitted.json()).referenceCode as string;
  await publicApi.dispose();

  const agentApi = await demoApi('agent');
  const handoffId = await handoffOfRequest(reference);
  baseExpect(handoffId, `the handoff of ${reference}`).not.toBe('');

  const staffContext = await browser.newContext();
  const patientContext = await browser.newContext();
  try {
    // ── staff write to the patient from the handoff ─────────────────────────────────────────
    const staff = await staffContext.newPage();
    await signIn(staff, DEMO_USERS.agent.email, DEMO_PASSWORD);
    await staff.goto(`/handoffs/${handoffId}`);
    await expect(staff.getByRole('heading', { level: 1, name: `Lena ${lastName}` })).toBeVisible();
    await staff.getByRole('textbox', { name: /^Message/ }).fill('Can you come on Tuesday at 9?');
    await staff.getByRole('button', { name: 'Send message' }).click();
    await expect(staff.getByText(/A notice with the portal link was emailed to/)).toBeVisible();
    const [notice] = await sentMessages(email, 'portal-message-waiting');
    baseExpect(notice!.body).toContain('/portal?org=maple-street');
    baseExpect(notice!.body).not.toContain('Tuesday');

    // ── the patient signs in with a resent code ──────────────────────────────────────────────
    const page = await patientContext.newPage();
    await page.goto('/portal?org=maple-street');
    await expect(page.getByLabel('Practice')).toHaveValue('maple-street');
    await page.getByLabel('Email or phone number').fill(email);
    await page.getByLabel('Date of birth').fill(dateOfBirth);
    await page.getByRole('button', { name: 'Send me a code' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Enter your code' })).toBeVisible();
    const firstCode = await newestCode(email, 1);

    // At once: too soon, and the page says when to ask again.
    await page.getByRole('button', { name: 'Send a new code' }).click();
    await expect(page.getByRole('alert')).toContainText(/You can ask for a new code in \d+ seconds\./);
    await serverClock.advanceMinutes(0.6);
    await page.getByRole('button', { name: 'Send a new code' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'we have sent a new code' })).toBeVisible();
    const secondCode = await newestCode(email, 2);

    // The first code no longer signs in.
    if (firstCode !== secondCode) {
      await page.getByLabel('6-digit code').fill(firstCode);
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await expect(page.getByRole('alert').filter({ hasText: 'That code is not right.' })).toBeVisible();
    }
    await expectNoAxeViolations(page, '/portal code step after a resend');
    await page.getByLabel('6-digit code').fill(secondCode);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Hello, Lena' })).toBeVisible();

    // ── reads the practice's message and replies ───────────────────────────────────────────
    const card = page.getByRole('article').filter({ hasText: reference });
    const conversation = card.getByRole('region', { name: 'Messages' });
    await expect(conversation.getByRole('listitem')).toHaveCount(1);
    await expect(conversation).toContainText('Can you come on Tuesday at 9?');
    await card.getByRole('button', { name: 'Send reply' }).click();
    await expect(card.getByText('Write your reply before sending it.')).toBeVisible();
    await card.getByLabel('Reply to the practice').fill('Tuesday at 9 works for me. Thank you!');
    await card.getByRole('button', { name: 'Send reply' }).click();
    await expect(card.getByRole('status').filter({ hasText: 'Your reply was sent to the practice.' })).toBeVisible();
    await expect(conversation.getByRole('listitem')).toHaveCount(2);
    await expect(conversation.getByRole('listitem').last()).toContainText('Tuesday at 9 works for me. Thank you!');
    await expectNoAxeViolations(page, '/portal with a conversation');

    // ── staff see it on the handoff they have open (live, no reload) ───────────────────────
    const thread = staff.getByRole('list', { name: 'Conversation with the patient' });
    await expect(thread.getByRole('listitem').last()).toContainText('Tuesday at 9 works for me. Thank you!', { timeout: 10_000 });
    await expect(thread.getByRole('listitem').last()).toContainText('The patient replied in the portal');
    await expectNoAxeViolations(staff, '/handoffs/:id with a conversation');
    const detail = await (await agentApi.get(`/api/handoffs/${handoffId}`)).json();
    const events = detail.events as { kind: string; body: string | null }[];
    baseExpect(events.filter((e) => e.kind === 'message_sent' || e.kind === 'patient_reply').map((e) => [e.kind, e.body])).toEqual([
      ['message_sent', 'Can you come on Tuesday at 9?'],
      ['patient_reply', 'Tuesday at 9 works for me. Thank you!'],
    ]);
  } finally {
    await staffContext.close();
    await patientContext.close();
    await agentApi.dispose();
  }
});
