import { randomBytes, randomUUID } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import type { AppContext } from '../app-context.js';
import type { Role } from '../../domain/auth/permissions.js';
import { hashPassword } from '../auth/password-hash.js';
import type { DbOrTx } from '../db/client.js';
import { auditEvents, organizations, outboxMessages } from '../db/schema/index.js';
import { insertUser, setPasswordHash, setUserOrganizations, updateUser, type UserRow, type UserStatus } from '../features/users/users.repository.js';
import type { OrganizationRow } from '../features/organizations/organizations.repository.js';

/** A password that passes every rule (length, not common); factories use it unless told otherwise. */
export const TEST_PASSWORD = 'correct horse battery staple 42';

const unique = () => randomBytes(5).toString('hex');

export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}-${unique()}@example.test`;
}

export async function createOrganization(ctx: Pick<AppContext, 'db'>, partial: Partial<typeof organizations.$inferInsert> = {}): Promise<OrganizationRow> {
  const suffix = unique();
  const [row] = await ctx.db
    .insert(organizations)
    .values({
      name: `Test Clinic ${suffix}`,
      slug: `test-clinic-${suffix}`,
      timeZone: 'America/New_York',
      ...partial,
    })
    .returning();
  return row!;
}

export interface StaffUserInput {
  role?: Role;
  organizationIds?: string[];
  email?: string;
  name?: string;
  /** `null` leaves the user without a password (like an invitee). */
  password?: string | null;
  status?: UserStatus;
  mustChangePassword?: boolean;
  twoFactorEnabled?: boolean;
  lockedUntil?: Date | null;
}

export interface StaffUser {
  user: UserRow;
  id: string;
  email: string;
  password: string;
  role: Role;
  organizationIds: string[];
}

// argon2id is slow on purpose; one hash per distinct password per process keeps factories quick.
const hashes = new Map<string, Promise<string>>();
function cachedHash(password: string): Promise<string> {
  let h = hashes.get(password);
  if (!h) {
    h = hashPassword(password);
    hashes.set(password, h);
  }
  return h;
}

/** Inserts a staff user through the users repository, with a real argon2id password hash. */
export async function createStaffUser(ctx: Pick<AppContext, 'db'>, input: StaffUserInput = {}): Promise<StaffUser> {
  const role = input.role ?? 'agent';
  const email = (input.email ?? uniqueEmail(role)).toLowerCase();
  const password = input.password === undefined ? TEST_PASSWORD : input.password;
  const organizationIds = role === 'admin' ? [] : (input.organizationIds ?? []);
  const id = randomUUID();
  let user = await insertUser(ctx.db, {
    id,
    email,
    name: input.name ?? `Test ${role} ${email.split('@')[0]}`,
    role,
    status: input.status ?? 'active',
    mustChangePassword: input.mustChangePassword ?? false,
  });
  await setUserOrganizations(ctx.db, id, organizationIds);
  if (password !== null) await setPasswordHash(ctx.db, id, await cachedHash(password), { temporary: input.mustChangePassword ?? false });
  if (input.twoFactorEnabled !== undefined || input.lockedUntil !== undefined) {
    user = (await updateUser(ctx.db, id, { twoFactorEnabled: input.twoFactorEnabled, lockedUntil: input.lockedUntil }))!;
  }
  return { user, id, email, password: password ?? '', role, organizationIds };
}

/** The outbox messages to one recipient, newest first (optionally of one template). */
export async function outboxFor(db: DbOrTx, recipient: string, template?: string) {
  return db
    .select()
    .from(outboxMessages)
    .where(template ? and(eq(outboxMessages.recipient, recipient), eq(outboxMessages.template, template)) : eq(outboxMessages.recipient, recipient))
    .orderBy(desc(outboxMessages.createdAt));
}

/** The `token` query parameter of the first link in a message body. */
export function tokenFromBody(body: string): string {
  const match = /https?:\/\/\S+[?&]token=([A-Za-z0-9_-]+)/.exec(body);
  if (!match) throw new Error(`No link with a token in: ${body}`);
  return match[1]!;
}

/** Audit rows of one action (optionally about one record), newest first. */
export async function auditRows(db: DbOrTx, action: string, recordId?: string) {
  return db
    .select()
    .from(auditEvents)
    .where(recordId ? and(eq(auditEvents.action, action), eq(auditEvents.recordId, recordId)) : eq(auditEvents.action, action))
    .orderBy(desc(auditEvents.id));
}
