import type { Page } from '@playwright/test';
import { DEMO_PASSWORD, DEMO_USERS } from './support/env';
import { expect, signIn, test } from './support/fixtures';

/**
 * /developer → Outbox as people read it (issue 28 walk): at 390 px every row is a card with
 * nothing cut off, an e-mail address wraps only before its "@" or a ".", or after a hyphen (never inside a word,
 * wide or narrow), and a text's recipient is written as its practice's country writes numbers,
 * not E.164. Screenshots at both widths go to the run's output folder.
 */

/** What does not read: cells whose content is cut off or runs past the table, addresses broken inside a word, numbers in E.164. */
async function problems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    const table = document.querySelector('table')!;
    // The table's scroll region: what lies past its right edge is not seen without scrolling sideways.
    const frame = table.parentElement!.getBoundingClientRect();
    if (document.documentElement.scrollWidth > window.innerWidth + 1) out.push(`the page scrolls sideways (${document.documentElement.scrollWidth} px)`);
    for (const td of table.querySelectorAll<HTMLElement>('tbody td')) {
      const what = `${td.dataset.label}: ${td.textContent}`;
      if (td.scrollWidth > td.clientWidth + 1) out.push(`cut off: ${what}`);
      for (const el of td.querySelectorAll('*')) if (el.getBoundingClientRect().right > frame.right + 1) out.push(`past the table's edge: ${what}`);
    }
    for (const wbr of table.querySelectorAll('wbr')) {
      for (const node of wbr.parentElement!.childNodes) {
        if (node.nodeType !== Node.TEXT_NODE) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        if (range.getClientRects().length > 1) out.push(`an address broken inside "${node.textContent}"`);
      }
    }
    for (const row of table.querySelectorAll('tbody tr')) {
      const to = row.querySelectorAll('td')[2]?.textContent?.trim() ?? '';
      if (/^\+\d{8,15}$/.test(to)) out.push(`a number in E.164: ${to}`);
    }
    return [...new Set(out)];
  });
}

test('the outbox reads at 390 px and wide: nothing cut off, addresses wrap at "@" or ".", numbers as their country writes them', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  await signIn(page, DEMO_USERS.admin.email, DEMO_PASSWORD, { path: '/login?next=/developer?tab=outbox' });
  const table = page.getByRole('table', { name: 'Outbox messages' });
  // The demo's call history notifies staff of urgent handoffs by e-mail and text within a minute of the start.
  await expect
    .poll(
      async () => {
        await page.getByRole('button', { name: 'Refresh' }).click();
        return (await table.getByText('Email', { exact: true }).count()) > 0 && (await table.getByText('Text', { exact: true }).count()) > 0;
      },
      { timeout: 90_000, intervals: [2_000] },
    )
    .toBe(true);

  for (const size of [
    { width: 390, height: 844 },
    { width: 1280, height: 800 },
  ]) {
    await page.setViewportSize(size);
    await expect(table.locator('tbody tr').first()).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath(`outbox-${size.width}.png`), fullPage: true });
    expect(await problems(page), `at ${size.width} px`).toEqual([]);
  }
});
