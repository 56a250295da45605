/**
 * Settings shared by playwright.config.ts and the journeys. The server the journeys run
 * against is started by Playwright's webServer with these values (see playwright.config.ts).
 */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3217);
export const E2E_PG_PORT = Number(process.env.E2E_PG_PORT ?? 5517);
export const BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
export const DEMO_PASSWORD = 'e2e-demo-password-2026';

export const DEMO_USERS = {
  admin: { email: 'admin@switchboard.demo', name: 'Avery Admin' },
  supervisor: { email: 'supervisor@switchboard.demo', name: 'Sam Supervisor' },
  agent: { email: 'agent@switchboard.demo', name: 'Alex Agent' },
  developer: { email: 'developer@switchboard.demo', name: 'Devon Developer' },
} as const;

export type DemoRole = keyof typeof DEMO_USERS;
