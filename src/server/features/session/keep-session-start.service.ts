import type { AppContext } from '../../app-context.js';
import type { StaffActor } from '../../policy/actor.js';
import { backdateNewSessions, findSession, listSessionsOf } from './session.repository.js';

/**
 * better-auth replaces the session when a password is changed or two-factor turned on or off.
 * The replacement keeps the start of the session it replaces, so the absolute limit
 * (SESSION_ABSOLUTE_HOURS) still counts from sign-in: changing a password is not a way to stay
 * signed in for ever.
 */
export async function keepingSessionStart<T>(ctx: AppContext, actor: StaffActor, replace: () => Promise<T>): Promise<T> {
  const [current, before] = await Promise.all([findSession(ctx.db, actor.sessionId), listSessionsOf(ctx.db, actor.userId)]);
  const result = await replace();
  if (current) await backdateNewSessions(ctx.db, actor.userId, before.map((s) => s.id), current.createdAt);
  return result;
}
