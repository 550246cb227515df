import { and, desc, eq, gt, lte } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { subscriptions } from '../../db/schema/index.js';

export type Subscription = typeof subscriptions.$inferSelect;

export async function currentSubscription(
  db: Db,
  teamId: number,
  now: Date,
): Promise<Subscription | undefined> {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(
      and(eq(subscriptions.teamId, teamId), lte(subscriptions.startsAt, now), gt(subscriptions.endsAt, now)),
    )
    .orderBy(desc(subscriptions.endsAt))
    .limit(1);
  return row;
}

export async function latestSubscription(db: Db, teamId: number): Promise<Subscription | undefined> {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.teamId, teamId))
    .orderBy(desc(subscriptions.endsAt))
    .limit(1);
  return row;
}

export async function hasSubscriptionFrom(db: Db, teamId: number, source: Subscription['source']) {
  const [row] = await db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(and(eq(subscriptions.teamId, teamId), eq(subscriptions.source, source)))
    .limit(1);
  return row !== undefined;
}

export async function insertSubscription(db: Db, row: typeof subscriptions.$inferInsert) {
  await db.insert(subscriptions).values(row);
}

export async function setSubscriptionEnd(db: Db, teamId: number, id: number, endsAt: Date) {
  await db
    .update(subscriptions)
    .set({ endsAt })
    .where(and(eq(subscriptions.teamId, teamId), eq(subscriptions.id, id)));
}
