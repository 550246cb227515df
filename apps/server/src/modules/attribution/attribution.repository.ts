import { and, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { counterpartName, withDealParties } from '../../db/deal-parties.js';
import { channelMembers, channels, costPerSubscriberOf, deals, inviteLinks } from '../../db/schema/index.js';
import { cancelledStatus, liveDeal, teamRecord } from '../../db/team-record.js';

const ofPurchase = (teamId: number, dealId: number) =>
  and(eq(deals.teamId, teamId), eq(deals.kind, 'purchase'), eq(deals.id, dealId), liveDeal(deals));

/**
 * A live purchase of the team with what its invite link depends on: its channel's bot status, whether it is
 * cancelled, the name of the other side (for the link's name), and its link. undefined: no such live purchase (a
 * sale, another team's, deleted or missing: all the same 404). `forUpdate` holds the purchase's row to the end of
 * the transaction, so an edit or a delete waits for a link being stored, or comes first and is seen.
 */
export async function findPurchaseLinkState(db: Db, teamId: number, dealId: number, forUpdate = false) {
  const query = withDealParties(
    db
      .select({
        id: deals.id,
        price: deals.price,
        joined: deals.subscribersJoined,
        left: deals.subscribersLeft,
        // The same figure, rounded the same way, as the purchases list's (one expression for both).
        costPerSubscriber: costPerSubscriberOf(deals.price, deals.subscribersJoined),
        costPerRemaining: costPerSubscriberOf(
          deals.price,
          sql`${deals.subscribersJoined} - ${deals.subscribersLeft}`,
        ),
        cancelled: sql<boolean>`${cancelledStatus(deals.statusId)}`,
        channelId: deals.channelId,
        employeeId: deals.employeeId,
        channelName: channels.name,
        chatId: channels.telegramChatId,
        username: channels.telegramNickName,
        botStatus: channels.botStatus,
        botCanInvite: channels.botCanInvite,
        counterpart: counterpartName,
        link: inviteLinks.link,
        linkChatId: inviteLinks.chatId,
        revokedAt: inviteLinks.revokedAt,
      })
      .from(deals),
  )
    .leftJoin(inviteLinks, and(eq(inviteLinks.teamId, deals.teamId), eq(inviteLinks.dealId, deals.id)))
    .where(ofPurchase(teamId, dealId));
  const [row] = await (forUpdate ? query.for('update', { of: deals }) : query);
  return row;
}
export type PurchaseLinkState = NonNullable<Awaited<ReturnType<typeof findPurchaseLinkState>>>;

export type NewInviteLink = { teamId: number; dealId: number; chatId: number; link: string; name: string };

/**
 * Stores the purchase's link: the first one, or a new one in place of a revoked one (the purchase was restored, moved
 * or brought back from 'Отменена'); its members keep their purchase, so the figures add up across its links. false:
 * the purchase has a live link already (made at the same time by its job or another tap).
 */
export async function storeInviteLink(db: Db, link: NewInviteLink, now: Date) {
  const stored = await db
    .insert(inviteLinks)
    .values({ ...link, createdAt: now })
    .onConflictDoUpdate({
      target: [inviteLinks.teamId, inviteLinks.dealId],
      set: { chatId: link.chatId, link: link.link, name: link.name, createdAt: now, revokedAt: null },
      setWhere: isNotNull(inviteLinks.revokedAt),
    })
    .returning({ link: inviteLinks.link });
  return stored.length > 0;
}

/** Marks the purchase's live link revoked; answers it (and its chat) to be revoked in Telegram, or undefined. */
export async function markLinkRevoked(db: Db, teamId: number, dealId: number) {
  const [revoked] = await db
    .update(inviteLinks)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(inviteLinks.teamId, teamId), eq(inviteLinks.dealId, dealId), isNull(inviteLinks.revokedAt)))
    .returning({ chatId: inviteLinks.chatId, link: inviteLinks.link });
  return revoked;
}

/** Which of these purchases have a live invite link (most imported or old purchases have none). */
export async function withLiveLinks(db: Db, teamId: number, dealIds: number[]) {
  if (dealIds.length === 0) return [];
  const rows = await db
    .select({ dealId: inviteLinks.dealId })
    .from(inviteLinks)
    .where(
      and(
        eq(inviteLinks.teamId, teamId),
        inArray(inviteLinks.dealId, dealIds),
        isNull(inviteLinks.revokedAt),
      ),
    );
  return rows.map((row) => row.dealId);
}

/** A purchase deleted or cancelled that still has a live link; read in the transaction of the edit or delete. */
export async function linkNoLongerFits(db: Db, teamId: number, dealId: number) {
  const [row] = await db
    .select({ dealId: inviteLinks.dealId })
    .from(inviteLinks)
    .innerJoin(deals, and(eq(deals.teamId, inviteLinks.teamId), eq(deals.id, inviteLinks.dealId)))
    .where(
      and(
        eq(inviteLinks.teamId, teamId),
        eq(inviteLinks.dealId, dealId),
        isNull(inviteLinks.revokedAt),
        sql`(${deals.deletedAt} is not null or ${cancelledStatus(deals.statusId)})`,
      ),
    );
  return row !== undefined;
}

/** Whether the channel the purchase grows lets the bot make links now (its job is worth enqueuing). */
export async function botCanInviteTo(db: Db, teamId: number, channelId: number) {
  const [row] = await db
    .select({ id: channels.id })
    .from(channels)
    .where(
      and(
        teamRecord(channels, sql`${teamId}`, sql`${channelId}`),
        eq(channels.botStatus, 'administrator'),
        eq(channels.botCanInvite, true),
      ),
    );
  return row !== undefined;
}

const HOUR_MS = 3_600_000;

const ofPurchaseMembers = (teamId: number, dealId: number) =>
  and(eq(channelMembers.teamId, teamId), eq(channelMembers.dealId, dealId));

/**
 * Of the purchase's members who joined at least 24 hours (7 days) before `now`, how many were still subscribed 24
 * hours (7 days) after joining. One range of the (team, purchase) index.
 */
export async function retentionCounts(db: Db, teamId: number, dealId: number, now: Date) {
  const aged = (hours: number) =>
    sql`${channelMembers.joinedAt} <= ${new Date(now.getTime() - hours * HOUR_MS).toISOString()}::timestamptz`;
  const stayed = (hours: number) =>
    sql`(${channelMembers.leftAt} is null or ${channelMembers.leftAt} > ${channelMembers.joinedAt} + ${sql.raw(`interval '${hours} hours'`)})`;
  const [row] = await db
    .select({
      aged24: sql<number>`count(*)::int`,
      stayed24: sql<number>`count(*) filter (where ${stayed(24)})::int`,
      aged7d: sql<number>`count(*) filter (where ${aged(168)})::int`,
      stayed7d: sql<number>`count(*) filter (where ${aged(168)} and ${stayed(168)})::int`,
    })
    .from(channelMembers)
    .where(and(ofPurchaseMembers(teamId, dealId), aged(24)));
  return row ?? { aged24: 0, stayed24: 0, aged7d: 0, stayed7d: 0 };
}

/** The purchase's joins and leaves per calendar day of `timeZone` (the team's), oldest first. */
export async function joinsByDay(db: Db, teamId: number, dealId: number, timeZone: string) {
  const dayOf = (column: AnyPgColumn) => sql`(${column} at time zone ${timeZone})::date`;
  const result = await db.execute<{ day: string; joined: number; left: number }>(sql`
    select day::text as day, sum(joined)::int as joined, sum("left")::int as "left" from (
      select ${dayOf(channelMembers.joinedAt)} as day, 1 as joined, 0 as "left"
        from ${channelMembers} where ${ofPurchaseMembers(teamId, dealId)}
      union all
      select ${dayOf(channelMembers.leftAt)}, 0, 1
        from ${channelMembers} where ${and(ofPurchaseMembers(teamId, dealId), isNotNull(channelMembers.leftAt))}
    ) as moves group by day order by day`);
  return result.rows;
}

/** Where the next batch of the log starts: after this member in its order (newest join first). */
export type MemberCursor = { joinedAt: Date; id: number };

/** A batch of the purchase's members, newest join first, read by keyset along the (team, purchase) index. */
export function membersBatch(
  db: Db,
  teamId: number,
  dealId: number,
  after: MemberCursor | undefined,
  limit: number,
) {
  return db
    .select({
      id: channelMembers.id,
      userLabel: channelMembers.userLabel,
      joinedAt: channelMembers.joinedAt,
      leftAt: channelMembers.leftAt,
    })
    .from(channelMembers)
    .where(
      and(
        ofPurchaseMembers(teamId, dealId),
        after &&
          sql`(${channelMembers.joinedAt}, ${channelMembers.id}) < (${after.joinedAt.toISOString()}::timestamptz, ${after.id})`,
      ),
    )
    .orderBy(desc(channelMembers.joinedAt), desc(channelMembers.id))
    .limit(limit);
}
