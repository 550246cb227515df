import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { channels, subscriberCounts, teams } from '../../../src/db/schema/index.js';
import type { FakeChat } from '../../helpers/fake-telegram.js';
import { signInWith } from '../../helpers/users.js';

export type Team = Awaited<ReturnType<typeof teamIn>>;

/** A new team (no sample data) whose days are cut in `timeZone`, with its session. */
export async function teamIn(app: FastifyInstance, subject: string, timeZone: string) {
  const { member, headers } = await signInWith(app, subject);
  await app.db.update(teams).set({ timeZone }).where(eq(teams.id, member.teamId));
  return { ...member, headers };
}

/**
 * The team's channel of a chat whose bot is an administrator, as the bot's my_chat_member handling leaves it
 * (`overrides` for other states); answers its id.
 */
export async function watchedChannel(
  app: FastifyInstance,
  team: Team,
  chat: FakeChat,
  overrides: Partial<typeof channels.$inferInsert> = {},
) {
  const [row] = await app.db
    .insert(channels)
    .values({
      teamId: team.teamId,
      name: chat.title,
      telegramNickName: chat.username,
      telegramChatId: chat.id,
      ownerEmployeeId: team.employeeId,
      botStatus: 'administrator',
      botCanInvite: true,
      botAdminSince: new Date('2026-01-01T00:00:00Z'),
      ...overrides,
    })
    .returning({ id: channels.id });
  if (!row) throw new Error('no channel inserted');
  return row.id;
}

/** The channel's snapshots, oldest first, as [day, count]. */
export async function snapshotsOf(app: FastifyInstance, team: Team, channelId: number) {
  const rows = await app.db
    .select({ day: subscriberCounts.day, count: subscriberCounts.count })
    .from(subscriberCounts)
    .where(and(eq(subscriberCounts.teamId, team.teamId), eq(subscriberCounts.channelId, channelId)))
    .orderBy(asc(subscriberCounts.day));
  return rows.map((row) => [row.day, row.count]);
}
