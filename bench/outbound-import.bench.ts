import { loadEnv } from '../src/server/config/env.js';
import { createAppContext } from '../src/server/bootstrap.js';
import { buildApp } from '../src/server/app.js';
import { createOrganization, createStaffUser } from '../src/server/test-support/factories.js';
import { startBenchDatabase, tmpDir, type Figure } from './support.js';

const ROWS = 10_000;

/**
 * Issue 16 §5: a 10,000-row contacts CSV through the real routes over HTTP — the preview, then the
 * campaign's creation (file read again, do-not-call list checked, campaign + 10,000 jobs + the
 * import record in one transaction). Target: creation ≤ 5 s.
 *
 * @measures a 10,000-row contacts CSV through preview and campaign creation
 * @takes under a minute
 */
export default async function outboundImport(): Promise<Figure[]> {
  const database = await startBenchDatabase();
  const env = loadEnv({ NODE_ENV: 'production', LOG_LEVEL: 'silent', DATA_DIR: tmpDir('bench-outbound-import-'), RATE_LIMIT_SCALE: '100000', PORT: '0' });
  const { ctx, database: db } = createAppContext(env, database.url);
  const app = await buildApp(ctx);
  try {
    const org = await createOrganization(ctx, { name: 'Bench Clinic' });
    const supervisor = await createStaffUser(ctx, { role: 'supervisor', organizationIds: [org.id] });
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const origin = new URL(ctx.baseUrl).origin;
    const login = await fetch(`${address}/api/session/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin },
      body: JSON.stringify({ email: supervisor.email, password: supervisor.password }),
    });
    const cookie = login.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
    const post = async (path: string, body: unknown) => {
      const started = performance.now();
      const res = await fetch(`${address}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', origin, cookie }, body: JSON.stringify(body) });
      const json = (await res.json()) as Record<string, unknown>;
      if (!res.ok) throw new Error(`${path}: ${res.status} ${JSON.stringify(json).slice(0, 300)}`);
      return { ms: performance.now() - started, json };
    };

    const lines = ['First name,Last name,Mobile,Time zone,Appointment'];
    for (let i = 0; i < ROWS; i++) lines.push(`Pat${i},Jones,(860) 55${String(i).padStart(5, '0').slice(0, 1)}-${String(i).padStart(5, '0').slice(1)},America/New_York,2026-12-0${(i % 9) + 1} 09:00`);
    const csv = lines.join('\r\n');

    const preview = await post('/api/outbound/imports/preview', { organizationId: org.id, csv });
    const created = await post('/api/outbound/imports', {
      organizationId: org.id,
      csv,
      mapping: { firstName: 'First name', lastName: 'Last name', phone: 'Mobile', timeZone: 'Time zone' },
      fileName: 'bench.csv',
      name: 'Bench reminders',
      purpose: 'appointment_reminder',
      window: { start: '09:00', end: '17:00', days: [1, 2, 3, 4, 5] },
      maxAttempts: 3,
      retryIntervalMinutes: 60,
      concurrency: 2,
      // Next week: the bench measures the import, not dialling.
      startAt: new Date(Date.now() + 7 * 86_400_000).toISOString(),
    });
    const imported = (created.json.import as { imported: number }).imported;
    return [
      { name: 'outbound_import_preview_10k', value: Math.round(preview.ms), unit: 'ms', rows: ROWS, bytes: Buffer.byteLength(csv) },
      { name: 'outbound_import_create_10k', value: Math.round(created.ms), unit: 'ms', rows: ROWS, imported, target: '<= 5000 ms' },
    ];
  } finally {
    await app.close();
    await db.close();
    await database.stop();
  }
}
