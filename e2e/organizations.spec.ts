import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { demoApi, expectStatus } from './support/api';
import { DEMO_PASSWORD, DEMO_USERS } from './support/env';
import { expect, signIn, test } from './support/fixtures';

/**
 * Organizations, business hours and schedules, as an administrator and a supervisor would walk
 * them (issue 3's "done when"): create a practice, give it split hours and a holiday and watch
 * the preview change, build a rota with a shift and cover and see who is on duty now and the
 * week ahead; a supervisor of other practices cannot see it; a stale save is refused.
 */

const ZONE = 'America/Chicago';

/** The date and wall time in the organization's zone, as the inputs take them. */
function zoned(at: Date): { date: string; time: string } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', { timeZone: ZONE, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
}

async function setTime(page: Page, label: string, value: string) {
  await page.getByLabel(label, { exact: true }).fill(value);
}

test('an admin creates an organization, sets split hours and a holiday, and builds a schedule', async ({ page }) => {
  const name = `Riverside Clinic ${Date.now().toString(36)}`;
  await signIn(page, DEMO_USERS.admin.email, DEMO_PASSWORD);

  // Create the organization.
  await page.goto('/organizations');
  await page.getByRole('button', { name: 'New organization' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'New organization' });
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Time zone').fill(ZONE);
  await dialog.getByRole('tab', { name: 'Phone numbers' }).click();
  await dialog.getByRole('button', { name: 'Add a number' }).click();
  const line = String(Date.now() % 10_000).padStart(4, '0');
  await dialog.getByLabel('Number 1', { exact: true }).fill(`+1 312 555 ${line}`);
  await dialog.getByRole('button', { name: 'Create organization' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { name, level: 2 })).toBeVisible();
  // Its number as people of its country write it, not E.164 (issue 28).
  const row = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name, level: 2 }) });
  await expect(row.getByText(`(312) 555-${line}`)).toBeVisible();

  // Split hours on Monday, copied to the weekdays.
  await page.getByRole('link', { name: `Business hours of ${name}` }).click();
  await expect(page).toHaveURL(/\/organizations\/hours\?org=/);
  const preview = page.getByTestId('hours-preview-status');
  await expect(preview).toHaveText('Closed · no upcoming opening hours');
  await page.getByRole('button', { name: 'Add hours on Monday' }).click();
  await setTime(page, 'Monday, hours 1: opens', '08:00');
  await setTime(page, 'Monday, hours 1: closes', '12:00');
  await page.getByRole('button', { name: 'Add hours on Monday' }).click();
  await setTime(page, 'Monday, hours 2: opens', '13:00');
  await setTime(page, 'Monday, hours 2: closes', '17:00');
  await page.getByRole('button', { name: 'Copy Monday to weekdays' }).click();
  // Typed on the 24-hour clock, shown back on the practice's (a new practice without an address: the US's).
  await expect(page.getByLabel('Friday, hours 2: closes')).toHaveValue('5:00 PM');
  await expect(preview).not.toHaveText('Closed · no upcoming opening hours');

  // An overlapping interval is refused beside the field, before anything is sent.
  await page.getByRole('button', { name: 'Add hours on Saturday' }).click();
  await setTime(page, 'Saturday, hours 1: opens', '09:00');
  await setTime(page, 'Saturday, hours 1: closes', '12pm');
  await page.getByRole('button', { name: 'Add hours on Saturday' }).click();
  await setTime(page, 'Saturday, hours 2: opens', '11:00');
  await setTime(page, 'Saturday, hours 2: closes', '13:00');
  await expect(page.getByText('Sat 9:00 AM–12:00 PM overlaps Sat 11:00 AM–1:00 PM.')).toBeVisible();
  await page.getByRole('button', { name: 'Remove Saturday, hours 2' }).click();

  // A holiday today: the preview says so at once.
  const today = zoned(new Date()).date;
  await page.getByRole('button', { name: 'Add a holiday or special hours' }).click();
  await page.locator('#override-0-from').fill(today);
  await page.locator('#override-0-to').fill(today);
  await page.locator('#override-0-label').fill('Staff training');
  await expect(preview).toHaveText(/^Closed · Staff training · opens /);

  await page.getByRole('button', { name: 'Save hours' }).click();
  await expect(page.getByText(`Saved the hours of ${name}`)).toBeVisible();
  await expect(page.getByText('Unsaved changes')).toHaveCount(0);

  // The open-now answer agrees.
  const openNow = await page.request.get('/api/organizations/open-now');
  const entry = ((await openNow.json()) as { items: { name: string; text: string }[] }).items.find((i) => i.name === name);
  expect(entry?.text).toMatch(/^Closed · Staff training · opens /);

  // A schedule with a shift and cover.
  await page.getByRole('navigation', { name: 'Organization pages' }).getByRole('link', { name: 'Schedules' }).click();
  await expect(page.getByRole('heading', { name: 'No schedules yet' })).toBeVisible();
  await page.getByRole('button', { name: 'New schedule' }).click();
  await page.getByRole('dialog').getByLabel('Name').fill('Front desk');
  await page.getByRole('button', { name: 'Create schedule' }).click();
  await expect(page.getByRole('heading', { name: 'Front desk', level: 2 })).toBeVisible();

  await page.getByRole('button', { name: 'Add shift' }).click();
  const shift = page.getByRole('dialog', { name: 'Add a shift' });
  await shift.getByLabel('Who is on duty', { exact: true }).selectOption({ label: 'An outside phone number…' });
  await shift.getByLabel('Who is on duty: phone number').fill('+1 312 555 0199');
  await shift.getByLabel('Starts').fill('09:00');
  await shift.getByLabel('Ends').fill('17:00');
  await shift.getByRole('button', { name: 'Add shift' }).click();
  await expect(shift).toBeHidden();
  // A US practice's shifts in its 12-hour clock, as its hours are (issue 28).
  await expect(page.getByText('Mon–Fri, 9:00 AM–5:00 PM')).toBeVisible();

  // Cover from midnight today to tomorrow evening: on duty now, whatever the time.
  const tomorrow = zoned(new Date(Date.now() + 86_400_000)).date;
  await page.getByRole('button', { name: 'Add cover' }).click();
  const cover = page.getByRole('dialog', { name: 'Add cover' });
  await cover.getByLabel('Who covers', { exact: true }).selectOption({ label: 'An outside phone number…' });
  await cover.getByLabel('Who covers: phone number').fill('+1 312 555 0142');
  // A date and a time each (the time in the practice's clock, issue 28): a 24-hour "20:00" reads too.
  await cover.getByLabel('From Date').fill(today);
  await cover.getByLabel('From Time').fill('00:00');
  await cover.getByLabel('Until Date').fill(tomorrow);
  await cover.getByLabel('Until Time').fill('20:00');
  await cover.getByRole('button', { name: 'Add cover' }).click();
  await expect(cover).toBeHidden();

  // Today is the practice's holiday: an office-hours schedule has nobody on duty while the
  // practice is closed, and that is not a gap (issue 28).
  await expect(page.getByTestId('on-duty-now')).toHaveText('Closed now');
  const week = page.getByRole('heading', { name: 'The next 7 days' }).locator('xpath=ancestor::div[contains(@class,"rounded-xl")][1]');
  await expect(week.getByRole('listitem').filter({ hasText: 'Gap: no one on duty' }).first()).toBeVisible();
  await expect(week.getByText(/gaps? in office-hours coverage/)).toBeVisible();

  // A supervisor of other practices: not found, in the API and in the pages.
  const orgId = new URL(page.url()).searchParams.get('org');
  expect(orgId).toBeTruthy();
  const supervisor = await demoApi('supervisor');
  for (const path of [`/api/organizations/${orgId}`, `/api/organizations/${orgId}/hours`, `/api/organizations/${orgId}/schedules`]) {
    await expectStatus(await supervisor.get(path), 404, `supervisor GET ${path}`);
  }
  const list = (await (await supervisor.get('/api/organizations')).json()) as { items: { name: string }[] };
  expect(list.items.map((o) => o.name)).not.toContain(name);
  await supervisor.dispose();
});

test('a supervisor cannot open another organization’s hours from a link', async ({ page }) => {
  const adminApi = await demoApi('admin');
  const orgs = (await (await adminApi.get('/api/organizations')).json()) as { items: { id: string; name: string }[] };
  const camden = orgs.items.find((o) => o.name === 'Camden Road Surgery')!;
  await adminApi.dispose();

  await signIn(page, DEMO_USERS.supervisor.email, DEMO_PASSWORD);
  await page.goto(`/organizations/hours?org=${camden.id}`);
  await expect(page.getByRole('heading', { name: 'Business hours', level: 1 })).toBeVisible();
  // The page falls back to one of the supervisor's own organizations.
  await expect(page.getByText('Camden Road Surgery')).toHaveCount(0);
  const res = await page.request.get(`/api/organizations/${camden.id}/hours`);
  expect(res.status()).toBe(404);
});

test('saving hours that changed in another tab is refused with "changed elsewhere, reload"', async ({ browser }) => {
  const adminApi = await demoApi('admin');
  const orgs = (await (await adminApi.get('/api/organizations')).json()) as { items: { id: string; name: string }[] };
  const harbor = orgs.items.find((o) => o.name === 'Harbor Pediatrics')!;
  await adminApi.dispose();

  const first = await browser.newPage();
  const second = await browser.newPage();
  for (const p of [first, second]) {
    await signIn(p, DEMO_USERS.supervisor.email, DEMO_PASSWORD);
    await p.goto(`/organizations/hours?org=${harbor.id}`);
    await expect(p.getByRole('heading', { name: 'Weekly hours' })).toBeVisible();
  }

  await second.getByLabel('Saturday, hours 1: closes').fill('2:00 PM');
  await second.getByRole('button', { name: 'Save hours' }).click();
  await expect(second.getByText('Saved the hours of Harbor Pediatrics')).toBeVisible();

  await first.getByLabel('Sunday, hours 1: closes').fill('12:00');
  await first.getByRole('button', { name: 'Save hours' }).click();
  await expect(first.getByRole('alert').filter({ hasText: 'Changed elsewhere — reload' })).toBeVisible();
  await first.getByRole('button', { name: 'Reload the latest hours' }).click();
  // The other tab's save is there; nothing was silently dropped.
  await expect(first.getByLabel('Saturday, hours 1: closes')).toHaveValue('2:00 PM');
  await expect(first.getByLabel('Sunday, hours 1: closes')).toHaveValue('1:00 PM');
  await first.close();
  await second.close();
});

test.describe('axe on the organization pages', () => {
  for (const viewport of [
    { name: 'desktop', size: { width: 1280, height: 800 } },
    { name: '375 px', size: { width: 375, height: 740 } },
  ]) {
    for (const path of ['/organizations', '/organizations/hours', '/organizations/schedules']) {
      test(`${path} at ${viewport.name} has no violations (with its editor open)`, async ({ browser }) => {
        const api = await demoApi('admin');
        const context = await browser.newContext({ viewport: viewport.size, storageState: await api.storageState() });
        await api.dispose();
        const page = await context.newPage();
        try {
          await page.goto(path);
          await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
          await page.waitForLoadState('networkidle');
          const check = async (what: string) => {
            const results = await new AxeBuilder({ page }).analyze();
            const summary = results.violations.map((v) => ({ rule: v.id, impact: v.impact, targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')) }));
            expect(summary, `axe violations on ${path} (${what}) at ${viewport.name}`).toEqual([]);
          };
          await check('page');
          const open =
            path === '/organizations'
              ? page.getByRole('button', { name: /^Edit / }).first()
              : path === '/organizations/schedules'
                ? page.getByRole('button', { name: 'Add shift' })
                : null;
          if (open) {
            await open.click();
            await expect(page.getByRole('dialog')).toBeVisible();
            await check('dialog');
          }
        } finally {
          await context.close();
        }
      });
    }
  }
});
