import type { InviteLinkBlocker } from '@addesk/contract';
import { type Api, GrammyError } from 'grammy';
import type { Db } from '../../db/client.js';
import { enqueue, type Job } from '../../jobs/queue.js';
import { AppError } from '../../lib/app-error.js';
import { TELEGRAM_UNAVAILABLE } from '../telegram/index.js';
import * as repo from './attribution.repository.js';

/** Telegram's limit of an invite link's name. */
const LINK_NAME_MAX = 32;

/**
 * 'Закупка №123 · Канал продавца', cut to Telegram's 32 characters between whole characters as a reader sees them
 * (an emoji of several code points, or a surrogate pair, is never split) with '…' where it was cut.
 */
export function linkName(dealId: number, counterpart: string | null): string {
  const full = counterpart?.trim() ? `Закупка №${dealId} · ${counterpart.trim()}` : `Закупка №${dealId}`;
  if (full.length <= LINK_NAME_MAX) return full;
  let name = '';
  for (const { segment } of new Intl.Segmenter('ru', { granularity: 'grapheme' }).segment(full)) {
    if (name.length + segment.length > LINK_NAME_MAX - 1) break;
    name += segment;
  }
  return `${name.trimEnd()}…`;
}

/** Why the purchase has no live link and none can be made now; null: it has one, or 'Создать ссылку' can make it. */
export function blockerOf(state: repo.PurchaseLinkState, api: Api | undefined): InviteLinkBlocker | null {
  if (state.link !== null && state.revokedAt === null) return null;
  if (!api) return 'NO_BOT';
  if (state.cancelled) return 'CANCELLED';
  if (state.botStatus !== 'administrator') return 'BOT_NOT_ADMIN';
  if (!state.botCanInvite) return 'NO_INVITE_RIGHT';
  return null;
}

/**
 * Whether Telegram answered no (400, 403: the bot lost its rights meanwhile, left the channel, the link is gone)
 * rather than 'not now' (429, 5xx) or nothing at all: a refusal is final, the rest is worth another try.
 */
const isRefusal = (error: unknown) =>
  error instanceof GrammyError && error.error_code !== 429 && error.error_code < 500;

/** Telegram refused to make the link: said like a blocker, not retried. */
const refused = (channelName: string) =>
  new AppError(
    'VALIDATION_ERROR',
    `Telegram не дал создать ссылку: проверьте, что бот — администратор канала «${channelName}» с правом приглашать подписчиков`,
  );

/**
 * Makes the purchase's link in Telegram and stores it. Telegram is asked outside any transaction; the link is stored
 * with the purchase's row held, and only if the purchase still wants it (live, not cancelled, in the same channel)
 * and has no live link yet: otherwise the link just made is revoked again, so no stray link brings joins nobody sees.
 */
export async function makeInviteLink(
  db: Db,
  api: Api,
  teamId: number,
  state: repo.PurchaseLinkState,
  now: Date,
) {
  const name = linkName(state.id, state.counterpart);
  let chatId: number;
  let link: string;
  try {
    chatId = state.chatId ?? (await api.getChat(`@${state.username}`)).id;
    link = (await api.createChatInviteLink(chatId, { name })).invite_link;
  } catch (error) {
    if (isRefusal(error)) throw refused(state.channelName);
    throw new AppError('UPSTREAM_UNAVAILABLE', TELEGRAM_UNAVAILABLE);
  }
  const stored = await db.transaction(async (tx) => {
    const current = await repo.findPurchaseLinkState(tx, teamId, state.id, true);
    if (!current || current.cancelled || current.channelId !== state.channelId) return false;
    return repo.storeInviteLink(tx, { teamId, dealId: state.id, chatId, link, name }, now);
  });
  if (!stored) await api.revokeChatInviteLink(chatId, link).catch(() => undefined);
}

type PurchaseRef = { teamId: number; dealId: number };
type RevokedLink = PurchaseRef & { chatId: number; link: string };

/** A new purchase's link, made in the background so creating the purchase never waits on Telegram. */
export const createInviteLinkJob: Job<PurchaseRef> = {
  kind: 'invite-link.create',
  async run(ctx, { teamId, dealId }) {
    const api = ctx.telegram.api;
    const state = await repo.findPurchaseLinkState(ctx.db, teamId, dealId);
    if (!api || !state || blockerOf(state, api) !== null || (state.link !== null && state.revokedAt === null))
      return;
    try {
      await makeInviteLink(ctx.db, api, teamId, state, ctx.now());
    } catch (error) {
      // A refusal is final (the purchase's screen offers 'Создать ссылку' once the bot can); Telegram down is retried.
      if (error instanceof AppError && error.code === 'VALIDATION_ERROR') {
        ctx.log.warn({ teamId, dealId }, 'Telegram refused an invite link');
        return;
      }
      throw error;
    }
  },
};

/** A link revoked in AdDesk (the purchase cancelled, deleted or moved) revoked in Telegram too. */
export const revokeInviteLinkJob: Job<RevokedLink> = {
  kind: 'invite-link.revoke',
  async run(ctx, { chatId, link, teamId, dealId }) {
    const api = ctx.telegram.api;
    if (!api) return;
    try {
      await api.revokeChatInviteLink(chatId, link);
    } catch (error) {
      // The bot no longer administers the channel or the link is gone: nothing left to revoke.
      if (isRefusal(error)) {
        ctx.log.warn({ teamId, dealId, err: error }, 'Telegram refused to revoke a link');
        return;
      }
      throw error;
    }
  },
};

/** In the transaction that creates a purchase: its link is made in the background when the bot can make it. */
export async function purchaseCreated(tx: Db, teamId: number, dealId: number, channelId: number) {
  if (!(await repo.botCanInviteTo(tx, teamId, channelId))) return;
  const payload: PurchaseRef = { teamId, dealId };
  await enqueue(tx, { kind: createInviteLinkJob.kind, key: `${teamId}:${dealId}`, payload, teamId });
}

/**
 * In the transaction that edits or deletes a purchase: a link that no longer fits it (deleted, cancelled, or `moved`
 * to another channel) is revoked now, here, and in Telegram in the background; the figures it brought stay. A
 * purchase restored, brought back from 'Отменена' or moved gets a new link by 'Создать ссылку' (in place of the old
 * row: its members keep their purchase).
 */
export async function purchaseChanged(tx: Db, teamId: number, dealId: number, moved = false) {
  if (!moved && !(await repo.linkNoLongerFits(tx, teamId, dealId))) return;
  const revoked = await repo.markLinkRevoked(tx, teamId, dealId);
  if (!revoked) return;
  const payload: RevokedLink = { teamId, dealId, ...revoked };
  await enqueue(tx, {
    kind: revokeInviteLinkJob.kind,
    key: `${teamId}:${dealId}:${revoked.link}`,
    payload,
    teamId,
  });
}

/** Many purchases deleted at once (an import undone): each one's live link is revoked as its own delete would. */
export async function purchasesRemoved(tx: Db, teamId: number, dealIds: number[]) {
  for (const dealId of await repo.withLiveLinks(tx, teamId, dealIds))
    await purchaseChanged(tx, teamId, dealId);
}

/** The invite links' jobs, for the worker's registry. */
export const inviteLinkJobs = [createInviteLinkJob, revokeInviteLinkJob];
