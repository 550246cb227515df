import { GrammyError } from 'grammy';
import type { Db } from '../../db/client.js';
import { enqueue, type Job } from '../../jobs/queue.js';
import { dayOf } from '../../lib/dates.js';
import * as repo from './subscribers.repository.js';

/** How often the workers look for channels whose day has no snapshot yet: a new day begins somewhere every hour. */
const SCAN_EVERY_MS = 60 * 60 * 1000;
const CHATS_PER_PAGE = 500;

/** The watched channels of these chats that have no snapshot for today, today being each team's own calendar day. */
async function uncountedDays(db: Db, chatIds: number[], now: Date) {
  const wanted = (await repo.watchedChannelsOf(db, chatIds)).map((channel) => ({
    ...channel,
    day: dayOf(now, channel.timeZone),
  }));
  const counted = await repo.countedDays(db, wanted);
  return wanted.filter((channel) => !counted.has(repo.dayKey(channel)));
}

/**
 * Counts one Telegram chat's subscribers and stores the count as today's snapshot of every team's channel of that
 * chat still missing one: one Bot API call serves every team that added the chat. A refusal (the bot lost the chat;
 * its my_chat_member update changes the channel's status) is not retried; anything else (Telegram down, 429) throws,
 * so the queue tries this chat again later while the other chats' jobs go on.
 */
export const countChatJob: Job<{ chatId: number }> = {
  kind: 'subscribers.count',
  async run(ctx, { chatId }) {
    const api = ctx.telegram.api;
    if (!api) return;
    const now = ctx.now();
    const missing = await uncountedDays(ctx.db, [chatId], now);
    if (missing.length === 0) return;
    let count: number;
    try {
      count = await api.getChatMemberCount(chatId);
    } catch (error) {
      if (error instanceof GrammyError && (error.error_code === 400 || error.error_code === 403)) {
        ctx.log.info({ chatId, description: error.description }, 'subscriber count refused by Telegram');
        return;
      }
      throw error;
    }
    await repo.insertCounts(
      ctx.db,
      missing.map(({ teamId, channelId, day }) => ({ teamId, channelId, day, count, countedAt: now })),
    );
  },
};

/**
 * The daily snapshot (issue 17): every hour, finds the chats whose bot is an administrator of a live channel that
 * has no count for the team's today, page by page, and enqueues one count per chat and team day. The job's key
 * (chat, zone, day) makes that one job however many processes scan, so Telegram is asked once per chat a day for
 * all the teams in one zone; the table's key (team, channel, day) keeps one snapshot a day whatever happens.
 * A team's day is counted in the first hour after it begins; a chat whose count failed is retried by its job.
 * Only chats whose bot is an administrator: Telegram would count any public channel, but the bot is what a team
 * adds to have its channel watched (the card says so), and it keeps the calls to the chats that asked for them.
 */
export const snapshotJob: Job = {
  kind: 'subscribers.snapshot',
  everyMs: SCAN_EVERY_MS,
  async run(ctx) {
    const now = ctx.now();
    let after: number | undefined;
    for (;;) {
      const chats = await repo.watchedChats(ctx.db, { after, limit: CHATS_PER_PAGE });
      const due = new Map<string, number>();
      for (const { chatId, timeZone, day } of await uncountedDays(ctx.db, chats, now))
        due.set(`${chatId}:${timeZone}:${day}`, chatId);
      for (const [key, chatId] of due)
        await enqueue(ctx.db, { kind: countChatJob.kind, key, payload: { chatId }, runAt: now });
      if (chats.length < CHATS_PER_PAGE) return;
      after = chats.at(-1);
    }
  },
};

/** The subscribers' jobs, for the worker's registry. */
export const subscribersJobs = [snapshotJob, countChatJob] as const;
