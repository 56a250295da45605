import { readFile } from 'node:fs/promises';
import { DEMO_PASSWORD, DEMO_USERS } from './support/env';
import { expect, signIn, test } from './support/fixtures';

/**
 * The analytics journey (issue 17): a supervisor opens /analytics, changes the range, reads the
 * comparison with the previous period, drills down from a heatmap cell into exactly those calls,
 * and exports the figures and the calls as CSV, whose rows agree with each other.
 */

const csvRows = (text: string) => text.trim().split(/\r?\n/);

test('analytics: change the range, compare, drill down from the heatmap, export CSV', async ({ page }) => {
  test.setTimeout(240_000);
  await signIn(page, DEMO_USERS.supervisor.email, DEMO_PASSWORD, { path: '/login?next=/analytics' });
  await expect(page.getByRole('heading', { level: 1, name: 'Analytics' })).toBeVisible();
  await expect(page.getByTestId('period-summary')).toContainText('compared with');

  // The demo history fills in in the background: wait until it has stopped growing, so the
  // counts compared below are of the same records.
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const callsSoFar = async () => {
    const res = await page.request.get(`/api/analytics?from=${day(-400)}&to=${day(1)}&granularity=month`);
    const body = (await res.json()) as { totals: { inboundCalls: number; outboundCalls: number } };
    return body.totals.inboundCalls + body.totals.outboundCalls;
  };
  let previous = -1;
  await expect
    .poll(
      async () => {
        const now = await callsSoFar();
        const settled = now > 0 && now === previous;
        previous = now;
        return settled;
      },
      { timeout: 120_000, intervals: [3_000] },
    )
    .toBe(true);
  await page.reload();

  // Change the range: last 7 days, per day; the URL keeps it and the comparison follows.
  await page.getByLabel('Period', { exact: true }).selectOption('7d');
  await expect(page).toHaveURL(/range=7d/);
  const days = (a: string, b: string) => (Date.parse(b) - Date.parse(a)) / 86_400_000 + 1;
  const period = async () => /(\d{4}-\d{2}-\d{2}) – (\d{4}-\d{2}-\d{2}) compared with (\d{4}-\d{2}-\d{2}) – (\d{4}-\d{2}-\d{2})/.exec(await page.getByTestId('period-summary').innerText()) ?? [];
  await expect.poll(async () => { const [, a, b] = await period(); return a && b ? days(a, b) : 0; }).toBe(7);
  const [, from, , prevFrom, prevTo] = await period();
  expect(days(prevFrom!, prevTo!)).toBe(7);
  expect(days(prevTo!, from!)).toBe(2);
  await expect(page.getByTestId('kpi-containmentRate')).toContainText(/vs/);

  // Back to 30 days for a fuller heatmap, then drill down from its busiest cell.
  await page.getByLabel('Period', { exact: true }).selectOption('30d');
  await expect(page).toHaveURL(/range=30d/);
  await expect.poll(async () => { const [, a, b] = await period(); return a && b ? days(a, b) : 0; }).toBe(30);
  await expect(page.locator('[aria-busy=true]')).toHaveCount(0);
  const cells = page.getByTestId('heatmap').getByRole('link');
  await expect(cells).toHaveCount(7 * 24);
  const labels = await cells.evaluateAll((links) => links.map((l) => l.getAttribute('aria-label') ?? ''));
  const counts = labels.map((l) => Number(/: (\d+) calls$/.exec(l)?.[1] ?? 0));
  const busiest = counts.indexOf(Math.max(...counts));
  const expected = counts[busiest]!;
  expect(expected).toBeGreaterThan(0);
  await cells.nth(busiest).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/calls\?.*how=\d-\d{2}/);
  await expect(page.getByTestId('analytics-slice')).toBeVisible();
  const callRows = page.getByRole('table').getByRole('row').filter({ has: page.getByRole('cell') });
  await expect(callRows).toHaveCount(Math.min(expected, 50));

  // Export: the figures per day, and the calls behind them; the totals agree.
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1, name: 'Analytics' })).toBeVisible();
  const [figuresDownload] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-figures').click()]);
  const figures = csvRows(await readFile((await figuresDownload.path())!, 'utf8'));
  const head = figures[0]!.split(',');
  expect(head.slice(0, 5)).toEqual(['bucket', 'start', 'end', 'inbound_calls', 'outbound_calls']);
  expect(figures.length).toBe(1 + 30 + 2);
  const total = figures.find((r) => r.startsWith('total,'))!.split(',');
  const totalCalls = Number(total[head.indexOf('inbound_calls')]) + Number(total[head.indexOf('outbound_calls')]);
  const perDay = figures.slice(1, 31).reduce((sum, r) => sum + Number(r.split(',')[3]) + Number(r.split(',')[4]), 0);
  expect(perDay).toBe(totalCalls);
  const [callsDownload] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-calls').click()]);
  const calls = csvRows(await readFile((await callsDownload.path())!, 'utf8'));
  expect(calls[0]).toBe('call_id,organization,direction,status,outcome,started_at,duration_seconds,has_handoff');
  expect(calls.length - 1).toBe(totalCalls);
});

test('analytics: with two organizations chosen, a heatmap cell and a funnel step open exactly their records', async ({ page }) => {
  test.setTimeout(240_000);
  await signIn(page, DEMO_USERS.admin.email, DEMO_PASSWORD, { path: '/login?next=/analytics' });
  await expect(page.getByRole('heading', { level: 1, name: 'Analytics' })).toBeVisible();

  // The demo history fills in in the background: wait until it has stopped growing.
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  let previous = -1;
  await expect
    .poll(
      async () => {
        const body = (await (await page.request.get(`/api/analytics?from=${day(-400)}&to=${day(1)}&granularity=month`)).json()) as { totals: { inboundCalls: number; outboundCalls: number; funnel: { all: { started: number } } } };
        const now = body.totals.inboundCalls + body.totals.outboundCalls + body.totals.funnel.all.started;
        const settled = now > 0 && now === previous;
        previous = now;
        return settled;
      },
      { timeout: 120_000, intervals: [3_000] },
    )
    .toBe(true);
  await page.reload();

  // Two of the three organizations, by keyboard: open the choice and untick Camden Road.
  await page.getByLabel('Period', { exact: true }).selectOption('30d');
  await expect(page).toHaveURL(/range=30d/);
  await page.getByTestId('organization-choice').locator('summary').focus();
  await page.keyboard.press('Enter');
  await page.getByRole('checkbox', { name: 'Camden Road Surgery' }).focus();
  await page.keyboard.press('Space');
  await expect(page).toHaveURL(/orgs=[0-9a-f-]{36}%2C[0-9a-f-]{36}/);
  await expect(page.getByTestId('organization-choice').locator('summary')).toHaveText('2 of 3');
  await expect(page.getByTestId('period-summary')).toContainText('compared with');
  await expect(page.locator('[aria-busy=true]')).toHaveCount(0);

  // A heatmap cell: the busiest one that fits on one page of the calls list (50 rows).
  const cells = page.getByTestId('heatmap').getByRole('link');
  await expect(cells).toHaveCount(7 * 24);
  const counts = (await cells.evaluateAll((links) => links.map((l) => l.getAttribute('aria-label') ?? ''))).map((l) => Number(/: (\d+) calls$/.exec(l)?.[1] ?? 0));
  const fits = counts.map((n, i) => ({ n, i })).filter((c) => c.n > 0 && c.n <= 50).sort((a, b) => b.n - a.n)[0]!;
  expect(fits, 'a heatmap cell with 1–50 calls').toBeTruthy();
  await cells.nth(fits.i).click();
  await expect(page).toHaveURL(/\/calls\?.*org=[0-9a-f-]{36}%2C[0-9a-f-]{36}.*how=\d-\d{2}/);
  await expect(page.getByTestId('analytics-slice')).toBeVisible();
  await expect(page.getByLabel('Organization', { exact: true })).toHaveValue(/,/);
  const callRows = page.getByRole('table').getByRole('row').filter({ has: page.getByRole('cell') });
  await expect(callRows).toHaveCount(fits.n);
  // Only the two organizations' calls.
  await expect(callRows.filter({ hasText: 'Camden Road Surgery' })).toHaveCount(0);

  // A funnel step: scheduled requests of all sources open exactly their handoffs.
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1, name: 'Analytics' })).toBeVisible();
  await expect(page.locator('[aria-busy=true]')).toHaveCount(0);
  const step = page.getByTestId('funnel-all-scheduled');
  const scheduled = Number((await step.innerText()).replace(/\D/g, ''));
  await step.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/handoffs\?.*rstep=scheduled/);
  await expect(page.getByTestId('request-slice-total')).toHaveText(String(scheduled));
  if (scheduled > 0) await expect(page.getByRole('list').locator('li').filter({ hasText: 'Camden Road Surgery' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Remove this slice' }).click();
  await expect(page).not.toHaveURL(/rstep=/);
  await expect(page.getByRole('tab', { name: /Open/ })).toBeVisible();
});
