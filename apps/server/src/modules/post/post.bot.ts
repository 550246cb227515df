import type { Message } from 'grammy/types';
import type { JobContext } from '../../jobs/queue.js';
import { channelsOfChat } from '../channel/channel.service.js';
import * as channelPosts from './channel-posts.repository.js';
import { startPost } from './post.repository.js';

/** A post found within this of a sale's placement is that sale's. */
const MATCH_WINDOW_MS = 30 * 60_000;

/**
 * A post in a channel where the bot is an administrator (channel_post, edited_channel_post): kept for each team that
 * added the channel; a new one gives its link to the sale placed at its time that has none yet, an edited one marks the
 * watched post as edited. A private channel's posts have no public link: they are kept to pick from, nothing more.
 */
export async function handleChannelPost(ctx: JobContext, message: Message, edited: boolean) {
  const { chat } = message;
  if (chat.type !== 'channel') return;
  const now = ctx.now();
  const text = message.text ?? message.caption ?? '';
  const postedAt = new Date(message.date * 1000);
  const link = chat.username ? `https://t.me/${chat.username}/${message.message_id}` : undefined;
  for (const channel of await channelsOfChat(ctx.db, { id: chat.id, username: chat.username })) {
    const post = {
      teamId: channel.teamId,
      channelId: channel.id,
      messageId: message.message_id,
      postedAt,
      text,
    };
    await channelPosts.saveChannelPost(ctx.db, post, edited ? now : null);
    if (!link) continue;
    if (edited) {
      await channelPosts.editedPost(ctx.db, channel.teamId, link, text, now);
      continue;
    }
    const saleId = await channelPosts.saleAtTime(
      ctx.db,
      channel.teamId,
      channel.id,
      postedAt,
      MATCH_WINDOW_MS,
    );
    if (saleId === undefined) continue;
    await channelPosts.setFoundLink(ctx.db, channel.teamId, saleId, link);
    await startPost(ctx.db, channel.teamId, saleId, link, { publishedAt: postedAt, text });
  }
}
