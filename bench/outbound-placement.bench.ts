import { sql } from 'drizzle-orm';
import { loadEnv } from '../src/server/config/env.js';
import { createAppContext } from '../src/server/bootstrap.js';
import { organizationPhoneNumbers, outboundCampaigns, outboundSettings } from '../src/server/db/schema/index.js';
import { createOrganization } from '../src/server/test-support/factories.js';
import { addCampaignContacts } from '../src/server/features/outbound/outbound.service.js';
import { dispatchOutbound } from '../src/server/telephony/outbound/outbound-dispatch.job.js';
import { startFakeTwilioRest } from '../src/server/telephony/outbound/testing/fake-twilio-rest.js';
import { startBenchDatabase, tmpDir, type Figure } from './support.js';

const CONTACTS = 2_000;
const ACCOUNT_SID = `AC${'0123456789abcdef'.repeat(2)}`;

/**
 * Issue 16 §5: placements per second from the queue to a loopback Twilio stand-in (Calls.create
 * over HTTP through the twilio SDK), the rate limit off — claims in one transaction per batch, an
 * attempt row committed before each placement, the placement and its call record after. Target
 * ≥ 100/s with zero duplicates (each attempt placed exactly once at the provider).
 *
 * @measures outbound placements per second to a loopback provider, and duplicates
 * @takes about 1 minute
 */
export default async function outboundPlacement(): Promise<Figure[]> {
  const database = await startBenchDatabase();
  const fake = await startFakeTwilioRest(ACCOUNT_SID);
  const env = loadEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: tmpDir('bench-outbound-placement-'),
    PORT: '0',
    TWILIO_AUTH_TOKEN: 'twilio-test-auth-token-0123456789',
    TWILIO_ACCOUNT_SID: ACCOUNT_SID,
    TWILIO_API_BASE_URL: fake.baseUrl,
    OUTBOUND_TEST_PRIVATE_ADDRESSES: '127.0.0.1',
    OUTBOUND_CALLS_PER_SECOND: '0',
  });
  const { ctx, database: db } = createAppContext(env, database.url);
  try {
    const org = await createOrganization(ctx, { name: 'Bench Outbound Clinic' });
    await ctx.db.insert(organizationPhoneNumbers).values({ organizationId: org.id, e164: '+18605550000' });
    // No line limit: the figure is the queue's and the provider's, not a setting's.
    await ctx.db.insert(outboundSettings).values({ organizationId: org.id, concurrency: 1_000_000 });
    const [campaign] = await ctx.db
      .insert(outboundCampaigns)
      .values({ organizationId: org.id, name: 'Bench', purpose: 'recall', windowStart: '00:00', windowEnd: '23:59', windowDays: [1, 2, 3, 4, 5, 6, 7], concurrency: 1_000_000, status: 'running' })
      .returning();
    // Contacts in a zone where it is daytime now, so the 08:00–21:00 rule never holds the bench.
    const hourIn = (zone: string) => Number(new Intl.DateTimeFormat('en-GB', { timeZone: zone, hour: '2-digit', hourCycle: 'h23' }).format(new Date()));
    const zone = ['America/New_York', 'Europe/London', 'Asia/Tokyo', 'America/Los_Angeles', 'Australia/Sydney', 'Asia/Kolkata'].find((z) => hourIn(z) >= 9 && hourIn(z) < 20)!;
    await addCampaignContacts(
      ctx.db,
      campaign!.id,
      Array.from({ length: CONTACTS }, (_, i) => ({ row: i + 2, name: `Contact ${i}`, phone: `+1860${String(5_000_000 + i)}`, timeZone: zone, dateOfBirth: null, fields: {} })),
    );
    const started = performance.now();
    let placed = 0;
    while (placed < CONTACTS) {
      const r = await dispatchOutbound(ctx);
      if (r.placed === 0) break;
      placed += r.placed;
    }
    const seconds = (performance.now() - started) / 1000;
    const perAttempt = new Map<string, number>();
    for (const p of fake.placements) perAttempt.set(p.attemptId, (perAttempt.get(p.attemptId) ?? 0) + 1);
    const duplicates = [...perAttempt.values()].filter((n) => n > 1).length;
    const recorded = await ctx.db.execute(sql`select count(*)::int as n from outbound_attempts where placement = 'placed'`);
    return [
      {
        name: 'outbound placements per second (queue → loopback Twilio REST, rate limit off)',
        value: Math.round(placed / seconds),
        unit: 'placements/s',
        target: '>= 100',
        placed,
        providerPlacements: fake.placements.length,
        recordedPlacements: Number(recorded.rows[0]!.n),
        duplicates,
        seconds: Number(seconds.toFixed(2)),
      },
    ];
  } finally {
    await db.close();
    await fake.close();
    await database.stop();
  }
}
