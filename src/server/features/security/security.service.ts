import type { Role } from '../../../domain/auth/permissions.js';
import type { AppContext } from '../../app-context.js';
import type { StaffActor } from '../../policy/actor.js';
import { recordAudit } from '../audit/index.js';
import { saveTwoFactorRequiredRoles, twoFactorRequiredRoles } from '../session/index.js';

/** The roles whose users must turn on two-factor before using Switchboard. */
export async function securitySettings(ctx: AppContext): Promise<{ twoFactorRequiredRoles: Role[] }> {
  return { twoFactorRequiredRoles: (await twoFactorRequiredRoles(ctx.db)) as Role[] };
}

/** Changes them, and records who did (audit). */
export async function requireTwoFactorFor(ctx: AppContext, actor: StaffActor, requested: Role[]): Promise<{ twoFactorRequiredRoles: Role[] }> {
  const roles = [...new Set(requested)];
  await saveTwoFactorRequiredRoles(ctx.db, roles);
  await recordAudit(ctx.db, { action: 'security.two_factor_policy_changed', outcome: 'success', actor, details: { roles } });
  return { twoFactorRequiredRoles: roles };
}
