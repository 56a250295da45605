import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { userTokens } from '../../db/schema/index.js';

export type UserTokenRow = typeof userTokens.$inferSelect;

export async function insertUserToken(db: DbOrTx, row: { userId: string; purpose: 'invite' | 'reset'; tokenHash: string; expiresAt: Date }): Promise<void> {
  await db.insert(userTokens).values({ id: crypto.randomUUID(), ...row });
}

/** Locks the token row so two submissions of one link cannot both succeed. */
export async function findTokenForUpdate(db: DbOrTx, tokenHash: string): Promise<UserTokenRow | undefined> {
  const [row] = await db.select().from(userTokens).where(eq(userTokens.tokenHash, tokenHash)).for('update').limit(1);
  return row;
}

export async function findToken(db: DbOrTx, tokenHash: string): Promise<UserTokenRow | undefined> {
  const [row] = await db.select().from(userTokens).where(eq(userTokens.tokenHash, tokenHash)).limit(1);
  return row;
}

export async function markTokenUsed(db: DbOrTx, id: string, at: Date): Promise<void> {
  await db.update(userTokens).set({ usedAt: at }).where(eq(userTokens.id, id));
}

/** A new link makes the older unused ones of the same purpose useless. */
export async function expireOpenTokens(db: DbOrTx, userId: string, purpose: 'invite' | 'reset', at: Date): Promise<void> {
  await db
    .update(userTokens)
    .set({ usedAt: at })
    .where(and(eq(userTokens.userId, userId), eq(userTokens.purpose, purpose), isNull(userTokens.usedAt)));
}
