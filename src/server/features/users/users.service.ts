import { randomBytes, randomUUID } from 'node:crypto';
import type { AppContext } from '../../app-context.js';
import type { Role } from '../../../domain/auth/permissions.js';
import { ORGANIZATIONS_REQUIRED, type CreateUserInput, type ResetUserPasswordBody, type UpdateUserInput } from '../../../contracts/users.js';
import { conflict, invalid, notFound } from '../../http/errors.js';
import { hashPassword } from '../../auth/password-hash.js';
import type { StaffActor } from '../../policy/actor.js';
import type { Tx } from '../../db/client.js';
import { recordAudit } from '../audit/index.js';
import { issueLink, assertAcceptablePassword } from '../credentials/index.js';
import { countActiveAdmins, deleteSessionsOf, existingOrganizationIds, findUserByEmail, findUserById, findUserForUpdate, getPasswordHash, insertUser, lockAdminRemovals, organizationIdsOf, setPasswordHash, setUserOrganizations, updateUser, type UserRow, listUsers, organizationIdsOfMany } from './users.repository.js';

/** What other features read of this one (its repository's queries, used as they are). */
export { type UserRow, countRecentFailures, deleteSessionsOf, findUserByEmail, findUserById, getPasswordHash, organizationIdsOf, passwordHashesToRefuse, recordSignInAttempt, rememberPasswordHash, setPasswordHash, updateUser } from './users.repository.js';

/** A page of users, each with the organizations they belong to. */
export async function listUsersPage(ctx: AppContext, query: Parameters<typeof listUsers>[1]): Promise<{ rows: UserRow[]; total: number; organizationIds: Map<string, string[]> }> {
  const { rows, total } = await listUsers(ctx.db, query);
  return { rows, total, organizationIds: await organizationIdsOfMany(ctx.db, rows.map((r) => r.id)) };
}

export async function createUser(ctx: AppContext, actor: StaffActor, input: CreateUserInput): Promise<{ user: UserRow; organizationIds: string[]; temporaryPassword?: string }> {
  if (await findUserByEmail(ctx.db, input.email)) throw conflict('A user with that email already exists.', 'conflict', { fields: { email: 'A user with that email already exists.' } });
  const organizationIds = await checkOrganizations(ctx, input.role, input.organizationIds);
  let temporaryPassword: string | undefined;
  let hash: string | undefined;
  if (input.mode === 'temporary_password') {
    // A generated one is 96 random bits; one the administrator typed is judged like any other.
    if (input.temporaryPassword !== undefined) await assertAcceptablePassword(input.temporaryPassword, 'temporaryPassword', { email: input.email, names: [input.name] });
    temporaryPassword = input.temporaryPassword ?? generateTemporaryPassword();
    hash = await hashPassword(temporaryPassword);
  }
  const user = await ctx.db.transaction(async (tx) => {
    const created = await insertUser(tx, {
      id: randomUUID(),
      email: input.email,
      name: input.name,
      role: input.role,
      status: input.mode === 'invite' ? 'invited' : 'active',
      mustChangePassword: input.mode === 'temporary_password',
    });
    await setUserOrganizations(tx, created.id, organizationIds);
    if (hash) await setPasswordHash(tx, created.id, hash, { temporary: true });
    else await issueLink(ctx, tx, created, 'invite', actor.name);
    await recordAudit(tx, { action: 'user.created', outcome: 'success', actor, recordType: 'user', recordId: created.id, details: { role: input.role, organizationIds, mode: input.mode } });
    return created;
  });
  return { user, organizationIds, temporaryPassword };
}

export async function getUser(ctx: AppContext, id: string): Promise<{ user: UserRow; organizationIds: string[] }> {
  const user = await findUserById(ctx.db, id);
  if (!user) throw notFound('That user');
  return { user, organizationIds: await organizationIdsOf(ctx.db, id) };
}

export async function changeUser(
  ctx: AppContext,
  actor: StaffActor,
  id: string,
  patch: UpdateUserInput,
): Promise<{ user: UserRow; organizationIds: string[] }> {
  return ctx.db.transaction(async (tx) => {
    const user = await lockUser(tx, id);
    const role = patch.role ?? (user.role as Role);
    if (user.role === 'admin' && role !== 'admin' && user.status === 'active') await assertNotLastAdmin(tx);
    const organizationIds = patch.organizationIds !== undefined || patch.role !== undefined
      ? await checkOrganizations(ctx, role, patch.organizationIds ?? (await organizationIdsOf(tx, id)))
      : await organizationIdsOf(tx, id);
    const updated = await updateUser(tx, id, { name: patch.name, role });
    if (patch.organizationIds !== undefined) await setUserOrganizations(tx, id, organizationIds);
    if (patch.role !== undefined && patch.role !== user.role) {
      await recordAudit(tx, { action: 'user.role_changed', outcome: 'success', actor, recordType: 'user', recordId: id, details: { from: user.role, to: patch.role } });
    }
    if (patch.organizationIds !== undefined) {
      await recordAudit(tx, { action: 'user.organizations_changed', outcome: 'success', actor, recordType: 'user', recordId: id, details: { organizationIds } });
    }
    if (patch.name !== undefined && patch.name !== user.name) {
      await recordAudit(tx, { action: 'user.updated', outcome: 'success', actor, recordType: 'user', recordId: id, details: { fields: ['name'] } });
    }
    return { user: updated!, organizationIds };
  });
}

export async function setUserActive(ctx: AppContext, actor: StaffActor, id: string, active: boolean): Promise<{ user: UserRow; organizationIds: string[] }> {
  return ctx.db.transaction(async (tx) => {
    const user = await lockUser(tx, id);
    if (!active) {
      if (user.status === 'disabled') throw conflict('This user is already deactivated.', 'invalid_transition');
      if (user.role === 'admin' && user.status === 'active') await assertNotLastAdmin(tx);
    } else if (user.status !== 'disabled') {
      throw conflict('This user is not deactivated.', 'invalid_transition');
    }
    // An invited user who was deactivated goes back to "invited" until they accept.
    const next = active ? ((await getPasswordHash(tx, id)) !== null ? 'active' : 'invited') : 'disabled';
    const updated = await updateUser(tx, id, { status: next, lockedUntil: null });
    if (!active) await deleteSessionsOf(tx, id);
    await recordAudit(tx, { action: active ? 'user.reactivated' : 'user.deactivated', outcome: 'success', actor, recordType: 'user', recordId: id });
    return { user: updated!, organizationIds: await organizationIdsOf(tx, id) };
  });
}

export async function resetUserPassword(
  ctx: AppContext,
  actor: StaffActor,
  id: string,
  input: ResetUserPasswordBody,
): Promise<{ temporaryPassword?: string }> {
  let temporaryPassword: string | undefined;
  let hash: string | undefined;
  if (input.mode === 'temporary_password') {
    if (input.temporaryPassword !== undefined) {
      const owner = await findUserById(ctx.db, id);
      if (!owner) throw notFound('That user');
      await assertAcceptablePassword(input.temporaryPassword, 'temporaryPassword', { email: owner.email, names: [owner.name] });
    }
    temporaryPassword = input.temporaryPassword ?? generateTemporaryPassword();
    hash = await hashPassword(temporaryPassword);
  }
  await ctx.db.transaction(async (tx) => {
    const user = await lockUser(tx, id);
    if (user.status === 'disabled') throw conflict('Reactivate this user before resetting the password.', 'invalid_transition');
    if (hash) {
      await setPasswordHash(tx, id, hash, { temporary: true });
      await updateUser(tx, id, { mustChangePassword: true, lockedUntil: null, status: 'active' });
    } else {
      await issueLink(ctx, tx, user, user.status === 'invited' ? 'invite' : 'reset', actor.name);
    }
    await deleteSessionsOf(tx, id);
    await recordAudit(tx, { action: 'user.password_reset', outcome: 'success', actor, recordType: 'user', recordId: id, details: { mode: input.mode } });
  });
  return { temporaryPassword };
}

export async function unlockUser(ctx: AppContext, actor: StaffActor, id: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await lockUser(tx, id);
    await updateUser(tx, id, { lockedUntil: null });
    await recordAudit(tx, { action: 'user.unlocked', outcome: 'success', actor, recordType: 'user', recordId: id });
  });
}

async function lockUser(tx: Tx, id: string): Promise<UserRow> {
  const row = await findUserForUpdate(tx, id);
  if (!row) throw notFound('That user');
  return row;
}

async function assertNotLastAdmin(tx: Tx): Promise<void> {
  await lockAdminRemovals(tx);
  if ((await countActiveAdmins(tx)) <= 1) throw conflict('This is the last active administrator; make someone else an administrator first.', 'last_admin');
}

async function checkOrganizations(ctx: AppContext, role: Role, ids: string[]): Promise<string[]> {
  if (role === 'admin') return [];
  const unique = [...new Set(ids)];
  if (unique.length === 0) throw invalid({ organizationIds: ORGANIZATIONS_REQUIRED });
  const found = await existingOrganizationIds(ctx.db, unique);
  if (found.length !== unique.length) throw invalid({ organizationIds: 'One of the chosen organizations does not exist.' });
  return unique;
}

function generateTemporaryPassword(): string {
  return randomBytes(12).toString('base64url');
}
