import { type Attribution, dealVocabulary, type InviteLinkBlocker } from '@addesk/contract';
import type { Api } from 'grammy';
import type { Db } from '../../db/client.js';
import { AppError, notFound } from '../../lib/app-error.js';
import type { SessionCaller } from '../../lib/caller.js';
import { isoInZone } from '../../lib/dates.js';
import { dateTime, exportFile, text } from '../../lib/files/file.js';
import { type Cell, EXPORT_BATCH } from '../../lib/files/table.js';
import { changesDeal, seesDeal } from '../access/index.js';
import { blockerOf, makeInviteLink } from './attribution.links.js';
import * as repo from './attribution.repository.js';

const NOT_FOUND = dealVocabulary.purchase.words.notFound;

/** The purchase the caller sees (404 otherwise) and, to make its link, may change (403 otherwise). */
async function purchase(db: Db, caller: SessionCaller, dealId: number, need: 'see' | 'change' = 'see') {
  const state = await repo.findPurchaseLinkState(db, caller.teamId, dealId);
  if (!state || !seesDeal(caller.access, 'purchase', state)) throw notFound(NOT_FOUND);
  if (need === 'change' && !changesDeal(caller.access, 'purchase', state))
    throw new AppError(
      'FORBIDDEN',
      'Ссылку закупки создаёт администратор канала или менеджер, который её закупил',
    );
  return state;
}

/** A numeric column's roubles as a number; null stays null (nobody to divide by). */
const roubles = (value: string | null) => (value === null ? null : Number(value));

const share = (part: number, whole: number) => (whole > 0 ? part / whole : null);

async function attributionOf(
  db: Db,
  api: Api | undefined,
  { teamId, timeZone }: SessionCaller,
  state: repo.PurchaseLinkState,
  now: Date,
): Promise<Attribution> {
  const unknown = {
    inviteLink: null,
    revokedAt: null,
    blocker: blockerOf(state, api),
    joined: null,
    left: null,
    remaining: null,
    costPerSubscriber: null,
    costPerRemaining: null,
    retention24h: null,
    retention7d: null,
    byDay: [],
  };
  // Nothing is known of a purchase that never had a link: its joins, if any, counted as organic.
  if (state.link === null) return unknown;
  const remaining = state.joined - state.left;
  const retention = await repo.retentionCounts(db, teamId, state.id, now);
  return {
    ...unknown,
    inviteLink: state.link,
    revokedAt: state.revokedAt?.toISOString() ?? null,
    joined: state.joined,
    left: state.left,
    remaining,
    costPerSubscriber: roubles(state.costPerSubscriber),
    costPerRemaining: roubles(state.costPerRemaining),
    retention24h: share(retention.stayed24, retention.aged24),
    retention7d: share(retention.stayed7d, retention.aged7d),
    byDay: await repo.joinsByDay(db, teamId, state.id, timeZone),
  };
}

/** `GET /api/purchase/:id/attribution`: what the purchase's link brought, as of `now` (the server's clock). */
export async function getAttribution(
  db: Db,
  api: Api | undefined,
  caller: SessionCaller,
  dealId: number,
  now: Date,
) {
  return attributionOf(db, api, caller, await purchase(db, caller, dealId), now);
}

/** What to do so that 'Создать ссылку' works, per reason it cannot. */
const blockerMessages: Record<InviteLinkBlocker, (channel: string) => string> = {
  NO_BOT: () => 'Бот Telegram не подключён к AdDesk на этом сервере, поэтому ссылку создать нельзя',
  CANCELLED: () => 'Закупка отменена. Смените её статус, чтобы создать ссылку',
  BOT_NOT_ADMIN: (channel) => `Сделайте бота администратором канала «${channel}», чтобы создать ссылку`,
  NO_INVITE_RIGHT: (channel) =>
    `Дайте боту в канале «${channel}» право приглашать подписчиков, чтобы создать ссылку`,
};

/**
 * 'Создать ссылку' (`POST /api/purchase/:id/invite-link`): makes the purchase's link now and answers the
 * attribution. A purchase with a live link is answered as it is, so a repeated tap or a retry makes no second link
 * (the purchase itself is the idempotency key).
 */
export async function createInviteLinkNow(
  db: Db,
  api: Api | undefined,
  caller: SessionCaller,
  dealId: number,
  now: Date,
) {
  const state = await purchase(db, caller, dealId, 'change');
  if (state.link === null || state.revokedAt !== null) {
    const blocker = blockerOf(state, api);
    if (blocker || !api)
      throw new AppError('VALIDATION_ERROR', blockerMessages[blocker ?? 'NO_BOT'](state.channelName));
    await makeInviteLink(db, api, caller.teamId, state, now);
  }
  return getAttribution(db, api, caller, dealId, now);
}

/**
 * `GET /api/purchase/:id/subscribers.csv`: who joined through the purchase's links, when, and when they left, newest
 * first, in the team's zone. Streamed in keyset batches, so a purchase of any size is never held in memory whole.
 */
export async function subscribersCsv(db: Db, caller: SessionCaller, dealId: number) {
  const state = await purchase(db, caller, dealId);
  const wallMinute = (instant: Date | null) => instant && isoInZone(instant, caller.timeZone).slice(0, 16);
  async function* batches() {
    let after: repo.MemberCursor | undefined;
    for (;;) {
      const rows = await repo.membersBatch(db, caller.teamId, state.id, after, EXPORT_BATCH);
      yield rows.map((row): Cell[] => [row.userLabel, wallMinute(row.joinedAt), wallMinute(row.leftAt)]);
      const last = rows.at(-1);
      if (!last || rows.length < EXPORT_BATCH) return;
      after = { joinedAt: last.joinedAt, id: last.id };
    }
  }
  return exportFile('Подписчики закупки', String(state.id), 'csv', {
    columns: [text('Кто'), dateTime('Вступил'), dateTime('Вышел')],
    batches: batches(),
  });
}

export { purchaseChanged, purchaseCreated, purchasesRemoved } from './attribution.links.js';
