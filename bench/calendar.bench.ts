import { randomUUID } from 'node:crypto';
import { Temporal } from 'temporal-polyfill';
import { loadEnv } from '../src/server/config/env.js';
import { createAppContext } from '../src/server/bootstrap.js';
import { buildApp } from '../src/server/app.js';
import { hashPassword } from '../src/server/auth/password-hash.js';
import { bookedVisits, clinicianAvailability, clinicians, clinicianVisitTypes, locations, organizationHours, organizations, visitTypes } from '../src/server/db/schema/index.js';
import { insertUser, setPasswordHash } from '../src/server/features/users/users.repository.js';
import { percentile, startBenchDatabase, tmpDir, type Figure } from './support.js';

/**
 * Issue 31 §7: open times and booking in a practice with 10 clinicians and 5,000 visits to come.
 * Open times: GET /api/organizations/:id/open-times for one visit type over 14 days, first
 * available (every clinician), as the staff calendar and the web page ask. Booking: POST
 * /api/organizations/:id/visits at a time just offered (the exclusion constraint, the audit row,
 * the patient record). Server time is Fastify's own measure of each request (reply.elapsedTime).
 *
 * @measures open times (14 days, 10 clinicians, 5,000 future visits) and booking, server p95
 * @takes under a minute
 */

const CLINICIANS = 10;
const VISITS = 5000;
const ZONE = 'America/New_York';
const SEARCHES = 200;
const BOOKINGS = 200;

export default async function calendar(): Promise<Figure[]> {
  const database = await startBenchDatabase();
  const env = loadEnv({ NODE_ENV: 'production', LOG_LEVEL: 'silent', DATA_DIR: tmpDir('bench-calendar-'), RATE_LIMIT_SCALE: '100000', PORT: '0' });
  const { ctx } = createAppContext(env, database.url);
  const app = await buildApp(ctx);
  const times = new Map<string, number[]>();
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? '';
    if (!times.has(route)) times.set(route, []);
    times.get(route)!.push(reply.elapsedTime);
  });
  try {
    const [org] = await ctx.db.insert(organizations).values({ name: 'Bench Calendar Practice', slug: 'bench-calendar', timeZone: ZONE }).returning({ id: organizations.id });
    const orgId = org!.id;
    const weekdays = [1, 2, 3, 4, 5, 6];
    await ctx.db.insert(organizationHours).values({ organizationId: orgId, weekly: weekdays.map((day) => ({ day, start: '07:00', end: '19:00' })), overrides: [] });
    const [place] = await ctx.db.insert(locations).values({ organizationId: orgId, name: 'Main clinic' }).returning({ id: locations.id });
    const [type] = await ctx.db.insert(visitTypes).values({ organizationId: orgId, nameEn: 'Visit', nameEs: 'Consulta', lengthMinutes: 20, bufferMinutes: 5, maxDaysAhead: 365 }).returning({ id: visitTypes.id });
    const clinicianIds: string[] = [];
    for (let i = 0; i < CLINICIANS; i++) {
      const [c] = await ctx.db.insert(clinicians).values({ organizationId: orgId, name: `Dr. Bench ${i}` }).returning({ id: clinicians.id });
      clinicianIds.push(c!.id);
      await ctx.db.insert(clinicianVisitTypes).values({ clinicianId: c!.id, visitTypeId: type!.id, organizationId: orgId });
      await ctx.db.insert(clinicianAvailability).values(
        weekdays.flatMap((day) => [
          { clinicianId: c!.id, organizationId: orgId, day, startTime: '08:00', endTime: '12:00', locationId: place!.id },
          { clinicianId: c!.id, organizationId: orgId, day, startTime: '13:00', endTime: '17:00', locationId: place!.id },
        ]),
      );
    }
    // 5,000 visits to come, 500 per clinician, every other 25-minute slot from tomorrow: the
    // 14 days searched are two-thirds full, the rest of the year behind them.
    const today = Temporal.Now.plainDateISO(ZONE);
    const rows: (typeof bookedVisits.$inferInsert)[] = [];
    for (const [k, clinicianId] of clinicianIds.entries()) {
      let day = today.add({ days: 1 });
      let n = 0;
      while (n < VISITS / CLINICIANS) {
        if (day.dayOfWeek !== 7) {
          for (const [from, to] of [[8 * 60, 12 * 60], [13 * 60, 17 * 60]] as const) {
            for (let m = from + (k % 2) * 25; m + 20 <= to && n < VISITS / CLINICIANS; m += 50, n++) {
              const start = day.toZonedDateTime({ timeZone: ZONE, plainTime: Temporal.PlainTime.from({ hour: Math.floor(m / 60), minute: m % 60 }) }).epochMilliseconds;
              rows.push({ organizationId: orgId, clinicianId, locationId: place!.id, visitTypeId: type!.id, status: 'booked', startsAt: new Date(start), endsAt: new Date(start + 20 * 60_000), occupiedUntil: new Date(start + 25 * 60_000), channel: 'staff', firstName: 'Bench', lastName: `Patient ${n}`, dateOfBirth: '1980-01-01', phone: '+18605550100', bookedAt: new Date() });
            }
          }
        }
        day = day.add({ days: 1 });
      }
    }
    for (let i = 0; i < rows.length; i += 1000) await ctx.db.insert(bookedVisits).values(rows.slice(i, i + 1000));

    const password = 'bench-calendar-password';
    const userId = randomUUID();
    await insertUser(ctx.db, { id: userId, email: 'bench-calendar@switchboard.test', name: 'Bench Admin', role: 'admin', status: 'active', mustChangePassword: false });
    await setPasswordHash(ctx.db, userId, await hashPassword(password));
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    const login = await fetch(`${base}/api/session/login`, { method: 'POST', headers: { 'content-type': 'application/json', origin: new URL(ctx.baseUrl).origin }, body: JSON.stringify({ email: 'bench-calendar@switchboard.test', password }) });
    if (login.status !== 200) throw new Error(`sign-in failed: ${login.status}`);
    const cookie = login.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
    const headers = { cookie, origin: new URL(ctx.baseUrl).origin, 'content-type': 'application/json' };

    const search = async () => {
      const res = await fetch(`${base}/api/organizations/${orgId}/open-times?visitTypeId=${type!.id}&days=14&limit=500`, { headers });
      if (res.status !== 200) throw new Error(`open-times answered ${res.status}: ${(await res.text()).slice(0, 200)}`);
      return (await res.json()) as { times: { startLocal: string; clinicianId: string }[] };
    };
    for (let i = 0; i < 10; i++) await search();
    times.clear();
    let offered = 0;
    for (let i = 0; i < SEARCHES; i++) offered = (await search()).times.length;
    const searchTimes = [...(times.get('/api/organizations/:id/open-times') ?? [])].sort((a, b) => a - b);

    // Book distinct times just offered, as a front desk would, one after another.
    const free = (await search()).times;
    times.clear();
    let booked = 0;
    for (let i = 0; i < BOOKINGS && i < free.length; i++) {
      const t = free[(i * 7) % free.length]!;
      const res = await fetch(`${base}/api/organizations/${orgId}/visits`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ visitTypeId: type!.id, clinicianId: t.clinicianId, start: t.startLocal, patient: { firstName: 'Walk', lastName: `In ${i}`, dateOfBirth: '1990-05-05', phone: '+18605550123' } }),
      });
      if (res.status === 201) booked++;
      else if (res.status !== 409) throw new Error(`booking answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
    }
    const bookTimes = [...(times.get('/api/organizations/:id/visits') ?? [])].sort((a, b) => a - b);
    const round = (n: number) => Number(n.toFixed(2));
    return [
      { name: 'calendar_open_times_14d_10_clinicians_p50', value: round(percentile(searchTimes, 50)), unit: 'ms' },
      { name: 'calendar_open_times_14d_10_clinicians_p95', value: round(percentile(searchTimes, 95)), unit: 'ms', target: '≤ 50 ms', offered, futureVisits: rows.length },
      { name: 'calendar_booking_p50', value: round(percentile(bookTimes, 50)), unit: 'ms' },
      { name: 'calendar_booking_p95', value: round(percentile(bookTimes, 95)), unit: 'ms', target: '≤ 30 ms', booked, of: bookTimes.length },
    ];
  } finally {
    await app.close();
    await database.stop();
  }
}
