import AxeBuilder from '@axe-core/playwright';
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { expectStatus } from './support/api';

/**
 * Steps of the staff side of the handoff journeys (e2e/handoffs.spec.ts), shared with the
 * patient-to-staff journey: the queue, a row, claiming, scheduling an appointment request.
 */

export interface CreatedHandoff {
  id: string;
  contactName: string;
}

/** The id of a demo organization by slug (`maple-street`: the demo agent and supervisor both work there). */
export async function organizationId(api: APIRequestContext, slug = 'maple-street'): Promise<string> {
  const res = await api.get('/api/organizations');
  await expectStatus(res, 200, 'GET /api/organizations');
  const org = ((await res.json()) as { items: { id: string; slug: string }[] }).items.find((o) => o.slug === slug);
  expect(org, `organization ${slug}`).toBeTruthy();
  return org!.id;
}

/** Creates a handoff through the API (`POST /api/handoffs`) with a contact name no other test uses. */
export async function createHandoffViaApi(api: APIRequestContext, opts: { label: string; priority?: string; type?: string }): Promise<CreatedHandoff> {
  const contactName = `E2E ${opts.label} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
  const res = await api.post('/api/handoffs', {
    data: {
      organizationId: await organizationId(api),
      type: opts.type ?? 'callback',
      priority: opts.priority ?? 'high',
      reason: `Please call back: ${opts.label}`,
      contactName,
      contactPhone: '+18605550188',
    },
  });
  await expectStatus(res, 201, 'POST /api/handoffs');
  return { id: ((await res.json()) as { handoff: { id: string } }).handoff.id, contactName };
}

export async function openQueue(page: Page, filters = ''): Promise<void> {
  await page.goto(`/handoffs${filters}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Handoffs' })).toBeVisible();
  await expect(page.getByRole('status', { name: 'Loading handoffs' })).toHaveCount(0);
}

/** The queue row of a handoff, found by who it is about. */
export function handoffRow(page: Page, contactName: string): Locator {
  return page.getByTestId('handoff-row').filter({ hasText: contactName });
}

/**
 * The staff half of the request journey: the request's handoff appears live in the open queue
 * (no reload), the user opens and claims it, schedules the appointment in the practice's zone
 * and sees it scheduled. Answers the wall time chosen (`YYYY-MM-DDTHH:MM`).
 */
export async function claimAndScheduleFromQueue(page: Page, contactName: string): Promise<string> {
  const row = handoffRow(page, contactName);
  await expect(row, 'the new handoff appears live in the open queue').toBeVisible({ timeout: 10_000 });
  await row.getByRole('link', { name: contactName }).click();
  await expect(page.getByRole('heading', { level: 1, name: contactName })).toBeVisible();
  await page.getByRole('button', { name: 'Claim', exact: true }).click();
  await expect(page.getByText('Assigned to you')).toBeVisible();
  await page.getByRole('button', { name: 'Schedule', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Schedule the appointment' });
  await expect(dialog.getByText('America/New_York').first()).toBeVisible();
  const date = new Date(Date.now() + 4 * 86_400_000).toISOString().slice(0, 10);
  await dialog.getByLabel('Date').fill(date);
  await dialog.getByLabel(/^Time/).fill('10:30');
  await dialog.getByRole('button', { name: 'Schedule and notify' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Scheduled for')).toBeVisible();
  await expect(page.getByText(/10:30 AM E[SD]T/).first()).toBeVisible();
  return `${date}T10:30`;
}

/** axe finds nothing on the page as it is now (the page keeps an event stream open, so no networkidle wait). */
export async function expectNoAxeViolations(page: Page, what: string): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const summary = results.violations.map((v) => ({ rule: v.id, impact: v.impact, targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')) }));
  expect(summary, `axe violations on ${what}`).toEqual([]);
}
