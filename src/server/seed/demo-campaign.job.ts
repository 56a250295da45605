import { and, eq } from 'drizzle-orm';
import type { Task } from 'graphile-worker';
import type { AppContext } from '../app-context.js';
import { organizations, outboundCampaigns, userOrganizations, users } from '../db/schema/index.js';
import { importDoNotCall } from '../features/do-not-call/index.js';
import { addCampaignContacts, createCampaign, wakeOutboundQueue, type CampaignContact } from '../features/outbound/index.js';
import type { StaffActor } from '../policy/actor.js';
import { DEMO_ORGANIZATIONS, DEMO_USERS } from './demo-organizations.js';

export const SEED_DEMO_CAMPAIGN_TASK = 'seed-demo-campaign';

export const DEMO_CAMPAIGN_NAME = 'Well-child check-up recall';
const PRACTICE = 'harbor';
const ZONE = 'America/Los_Angeles';

/**
 * Harbor's families due for a check-up. The simulator answers each by the last digit of the
 * number (0–2 want the visit, 3 declines, 4 asks for another time, 5 no answer, 6 busy,
 * 7 voicemail, 8 call tomorrow, 9 never again),
 * so the run reaches every state a real campaign does; two numbers are on the do-not-call list.
 */
const CONTACTS: [name: string, local: string, dob: string][] = [
  ['Maya Chen', '5105550130', '2019-04-12'],
  ['Leo Martinez', '5105550131', '2020-09-03'],
  ['Ava Thompson', '5105550135', '2018-01-27'],
  ['Noah Williams', '5105550137', '2021-06-15'],
  ['Zoe Patel', '5105550132', '2017-11-30'],
  ['Ethan Nguyen', '5105550136', '2019-02-08'],
  ['Isla Robinson', '5105550140', '2020-12-19'],
  ['Lucas Garcia', '5105550144', '2016-07-04'],
  ['Mila Johnson', '5105550145', '2018-05-22'],
  ['Owen Davis', '5105550143', '2019-10-10'],
  ['Chloe Kim', '5105550147', '2021-03-01'],
  ['Elijah Brown', '5105550141', '2017-08-18'],
  ['Sofia Lopez', '5105550149', '2020-02-14'],
  ['Henry Wilson', '5105550150', '2018-09-09'],
  ['Amelia Clark', '5105550155', '2019-12-03'],
  ['Jack Lewis', '5105550152', '2016-04-25'],
  ['Harper Young', '5105550156', '2020-06-30'],
  ['Mateo Hall', '5105550153', '2017-03-17'],
  ['Ella Allen', '5105550157', '2021-01-11'],
  ['Liam Wright', '5105550160', '2018-11-05'],
  ['Aria Scott', '5105550161', '2019-07-21'],
  ['Caleb Green', '5105550165', '2016-12-12'],
  ['Nora Baker', '5105550162', '2020-10-28'],
  ['Wyatt Adams', '5105550163', '2017-05-06'],
  ['Layla Nelson', '5105550170', '2018-02-02'],
  ['Julian Hill', '5105550174', '2019-08-14'],
  ['Grace Campbell', '5105550171', '2021-04-09'],
  ['Levi Mitchell', '5105550176', '2016-10-01'],
  ['Lily Roberts', '5105550172', '2020-03-23'],
  ['Isaac Carter', '5105550173', '2017-09-29'],
  ['Hazel Phillips', '5105550180', '2018-06-16'],
  ['Ezra Evans', '5105550181', '2019-05-05'],
];
/** Asked by letter never to be phoned again: blocked at placement. */
const ON_THE_LIST = ['5105550149', '5105550165'];

/**
 * A recall campaign in the demo's pediatric practice, created through the same services as one
 * from /outbound and then run by the real dispatcher on the simulator, so a new user finds
 * /outbound with a campaign in progress (or waiting for its calling window, by the hour of the
 * first start). A worker job enqueued by the seed: the first start stays fast. Resumable: the
 * do-not-call import adds nothing twice, and the campaign with its contacts is one transaction,
 * skipped when it is already there.
 */
export async function seedDemoCampaign(ctx: AppContext): Promise<boolean> {
  const slug = DEMO_ORGANIZATIONS.find((o) => o.key === PRACTICE)!.slug;
  const [org] = await ctx.db.select({ id: organizations.id }).from(organizations).where(eq(organizations.slug, slug)).limit(1);
  const supervisor = DEMO_USERS.find((u) => u.role === 'supervisor')!;
  const [user] = await ctx.db.select({ id: users.id, name: users.name, email: users.email }).from(users).where(eq(users.email, supervisor.email)).limit(1);
  if (!org || !user) return false;
  const [existing] = await ctx.db
    .select({ id: outboundCampaigns.id })
    .from(outboundCampaigns)
    .where(and(eq(outboundCampaigns.organizationId, org.id), eq(outboundCampaigns.name, DEMO_CAMPAIGN_NAME)))
    .limit(1);
  if (existing) return false;
  const memberships = await ctx.db.select({ id: userOrganizations.organizationId }).from(userOrganizations).where(eq(userOrganizations.userId, user.id));
  const actor: StaffActor = { kind: 'staff', userId: user.id, email: user.email, name: user.name, role: 'supervisor', allOrganizations: false, organizationIds: memberships.map((m) => m.id), sessionId: 'demo-seed', ip: '127.0.0.1' };

  await importDoNotCall(ctx, actor, org.id, { csv: `phone\n${ON_THE_LIST.join('\n')}\n`, reason: 'Asked by letter not to be phoned (demo).' });
  const contacts: CampaignContact[] = CONTACTS.map(([name, local, dob], i) => ({ row: i + 2, name, phone: `+1${local}`, timeZone: ZONE, dateOfBirth: dob, fields: { 'Due for': 'Well-child check-up' } }));
  await ctx.db.transaction(async (tx) => {
    const campaign = await createCampaign(
      ctx,
      actor,
      {
        organizationId: org.id,
        name: DEMO_CAMPAIGN_NAME,
        purpose: 'recall',
        // Guidance for the agent and the staff who follow up; never spoken (issue 27). What the parent hears comes from the purpose and the visit type.
        instructions: 'Parents who want the visit: take preferred days and times; the front desk books it and calls back. Offer the flu shot at the same visit.',
        visitType: 'well-child check-up',
        messageForPatient: '',
        voicemailMessage: '',
        window: { start: '09:00', end: '19:00', days: [1, 2, 3, 4, 5, 6] },
        maxAttempts: 2,
        retryIntervalMinutes: 30,
        concurrency: 2,
      },
      tx,
    );
    await addCampaignContacts(tx, campaign.id, contacts);
    await wakeOutboundQueue(tx);
  });
  ctx.log.info({ contacts: contacts.length }, 'demo recall campaign created');
  return true;
}

export function seedDemoCampaignTask(ctx: AppContext): Task {
  return async () => {
    await seedDemoCampaign(ctx);
  };
}
