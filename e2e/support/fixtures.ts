import { test as base, expect, type Page } from '@playwright/test';
import { AdminApi, demoApi, newApiContext } from './api';

export interface ServerClock {
  /** Moves the server's clock forward (sessions, lockouts and links follow it). */
  advanceMinutes(minutes: number): Promise<void>;
  /** Back to real time (also done automatically when the test ends). */
  reset(): Promise<void>;
}

interface Fixtures {
  /** The demo admin, signed in through the API: arranges journeys and checks what was stored. */
  admin: AdminApi;
  /** The server's test clock; always reset to real time when the test ends. */
  serverClock: ServerClock;
}

export const test = base.extend<Fixtures>({
  admin: async ({}, use) => {
    const api = await demoApi('admin');
    await use(new AdminApi(api));
    await api.dispose();
  },
  serverClock: async ({}, use) => {
    const api = await newApiContext();
    const move = async (data: { advanceMs?: number; reset?: boolean }) => {
      const res = await api.post('/api/test/clock', { data });
      expect(res.status(), 'POST /api/test/clock (is ENABLE_TEST_CLOCK set?)').toBe(200);
    };
    await use({
      advanceMinutes: (minutes) => move({ advanceMs: Math.round(minutes * 60_000) }),
      reset: () => move({ reset: true }),
    });
    await move({ reset: true });
    await api.dispose();
  },
});

export { expect };

/** Fills and submits the sign-in form on /login (the page must already show it). */
export async function submitSignIn(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** Opens /login and signs in; waits until the sign-in page is left. */
export async function signIn(page: Page, email: string, password: string, opts: { path?: string } = {}): Promise<void> {
  await page.goto(opts.path ?? '/login');
  await expect(page.getByRole('heading', { name: 'Sign in to Switchboard' })).toBeVisible();
  await submitSignIn(page, email, password);
  await expect(page).not.toHaveURL(/\/login/);
}

/** Signs out through the account menu (sidebar on wide screens, top bar on phones). */
export async function signOutViaMenu(page: Page): Promise<void> {
  await page.getByRole('button', { name: /^Account menu for / }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
}
