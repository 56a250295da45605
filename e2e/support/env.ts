import { execFileSync } from 'node:child_process';

/**
 * Settings shared by playwright.config.ts and the journeys. The server the journeys run
 * against is started by Playwright's webServer with these values (see playwright.config.ts).
 *
 * Ports: E2E_PORT / E2E_PG_PORT when set, otherwise two free ports chosen when the runner
 * loads the config, so two runs on one machine do not collide. The runner's worker processes
 * inherit the environment and so see the same ports.
 */
export function freePort(): string {
  const script = "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})";
  return execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' }).trim();
}

process.env.E2E_PORT ??= freePort();
process.env.E2E_PG_PORT ??= freePort();

export const E2E_PORT = Number(process.env.E2E_PORT);
export const E2E_PG_PORT = Number(process.env.E2E_PG_PORT);
export const BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
export const DEMO_PASSWORD = 'e2e-demo-password-2026';

export const DEMO_USERS = {
  admin: { email: 'admin@switchboard.demo', name: 'Avery Admin' },
  supervisor: { email: 'supervisor@switchboard.demo', name: 'Sam Supervisor' },
  agent: { email: 'agent@switchboard.demo', name: 'Alex Agent' },
  developer: { email: 'developer@switchboard.demo', name: 'Devon Developer' },
} as const;

export type DemoRole = keyof typeof DEMO_USERS;
