import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { employees, telegramLinkTokens, userSettings } from '../../db/schema/index.js';
import type { Caller } from '../../lib/caller.js';

/** The person a token or a chat belongs to (a caller, or whoever a token named). */
type Person = Caller;

/** A person's new start token; the one they had before stops working (one link at a time per person). */
export async function replaceToken(db: Db, person: Person, tokenHash: string, expiresAt: Date) {
  await db.transaction(async (tx) => {
    await tx
      .delete(telegramLinkTokens)
      .where(
        and(
          eq(telegramLinkTokens.teamId, person.teamId),
          eq(telegramLinkTokens.employeeId, person.employeeId),
        ),
      );
    await tx
      .insert(telegramLinkTokens)
      .values({ tokenHash, teamId: person.teamId, employeeId: person.employeeId, expiresAt });
  });
}

/**
 * Takes a start token: deletes it and answers whose it was, when it exists, has not expired and its person is still
 * in the team; undefined otherwise. The delete is the use, so of two /start with one token only one links.
 */
export async function takeToken(db: Db, tokenHash: string, now: Date): Promise<Person | undefined> {
  const [row] = await db
    .delete(telegramLinkTokens)
    .where(and(eq(telegramLinkTokens.tokenHash, tokenHash), gt(telegramLinkTokens.expiresAt, now)))
    .returning({ teamId: telegramLinkTokens.teamId, employeeId: telegramLinkTokens.employeeId });
  if (!row) return undefined;
  const [member] = await db
    .select({ removedAt: employees.removedAt })
    .from(employees)
    .where(and(eq(employees.teamId, row.teamId), eq(employees.id, row.employeeId)));
  return member && !member.removedAt ? row : undefined;
}

/** Remembers the private chat the bot messages a person in, and the @username Telegram gave. */
export async function linkChat(db: Db, person: Person, chat: { chatId: number; username: string | null }) {
  const values = { telegramChatId: chat.chatId, telegramUsername: chat.username };
  await db
    .insert(userSettings)
    .values({ teamId: person.teamId, employeeId: person.employeeId, ...values })
    .onConflictDoUpdate({
      target: [userSettings.teamId, userSettings.employeeId],
      set: { ...values, updatedAt: sql`now()` },
    });
}

/**
 * Forgets a person's chat. With `chatId`, only while it is still that chat: a 403 of a reminder to an old chat does not
 * undo a link made since.
 */
export async function unlinkChat(db: Db, person: Person, chatId?: number) {
  await db
    .update(userSettings)
    .set({ telegramChatId: null, telegramUsername: null, updatedAt: sql`now()` })
    .where(
      and(
        eq(userSettings.teamId, person.teamId),
        eq(userSettings.employeeId, person.employeeId),
        chatId === undefined ? undefined : eq(userSettings.telegramChatId, chatId),
      ),
    );
}
