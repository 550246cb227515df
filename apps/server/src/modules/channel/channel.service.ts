import {
  CHANNEL_EXISTS,
  CHANNEL_NOT_FOUND,
  type ChannelListQuery,
  type ChannelPrice,
  NOT_A_CHANNEL,
  priceTermKey,
} from '@addesk/contract';
import type { Db } from '../../db/client.js';
import { lockTeam } from '../../db/locks.js';
import { AppError, invalid, notFound } from '../../lib/app-error.js';
import type { Caller, SessionCaller } from '../../lib/caller.js';
import { decodeCursor, idCursor, toPage } from '../../lib/cursor.js';
import { plural } from '../../lib/plural.js';
import { administers, visibleChannels } from '../access/index.js';
import { recordEvent } from '../history/history.service.js';
import { dealReferences } from '../reference/reference.service.js';
import { channelLimit } from '../tariff/tariff.service.js';
import { countChannels, findChannel, findMember } from '../team/index.js';
import type { TelegramClient } from '../telegram/index.js';
import * as repo from './channel.repository.js';
import * as prices from './channel-prices.repository.js';

/** Bot rights are asked of Telegram when a channel is opened, at most once a minute per channel. */
const BOT_CHECK_INTERVAL_MS = 60_000;

type ChannelRow = NonNullable<Awaited<ReturnType<typeof repo.unarchiveChannel>>>;

const present = <T extends Pick<ChannelRow, 'archivedAt' | 'botAdminSince'>>(row: T) => ({
  ...row,
  archivedAt: row.archivedAt?.toISOString() ?? null,
  botAdminSince: row.botAdminSince?.toISOString() ?? null,
});

/** A channel the caller has no role on answers 404, like another team's (docs/decisions/024). */
const seen = (caller: SessionCaller, id: number) => visibleChannels(caller.access)?.includes(id) ?? true;

function ensureAdministered(caller: SessionCaller, id: number) {
  if (!seen(caller, id)) throw notFound(CHANNEL_NOT_FOUND);
  if (!administers(caller.access, id))
    throw new AppError(
      'FORBIDDEN',
      'Архивировать и восстанавливать канал может владелец команды или его администратор',
    );
}

export async function listChannels(db: Db, caller: SessionCaller, query: ChannelListQuery) {
  const after = decodeCursor(query.cursor, idCursor);
  const { rows, total } = await repo.listChannels(db, caller.teamId, visibleChannels(caller.access), {
    limit: query.limit,
    afterId: after?.[0],
    archived: query.archived,
  });
  return { ...toPage(rows, query.limit, present, (row) => [row.id]), total };
}

/** The channel behind a username; a person's name is refused as the field's mistake, never taken for a channel. */
async function findChannelChat(telegram: TelegramClient, username: string, field: string) {
  const chat = await telegram.lookup(username);
  if (!chat) throw notFound(CHANNEL_NOT_FOUND);
  if (chat.kind === 'user') throw invalid(field, NOT_A_CHANNEL);
  return chat;
}

export async function lookupChannel(telegram: TelegramClient, username: string) {
  const chat = await findChannelChat(telegram, username, 'channelNick');
  return { userId: chat.chatId, name: chat.name, imageLink: chat.imageLink, telegramNickName: chat.username };
}

const limitMessage = (limit: number) =>
  `Ваш тариф позволяет вести ${limit} ${plural(limit, ['канал', 'канала', 'каналов'])}. ` +
  'Чтобы добавить ещё, выберите тариф в разделе «Тарифы»';

type NewChannel = { telegramNickName: string; description: string; ownerEmployeeId?: number | undefined };

/**
 * What Telegram says of a channel to add. Asked before the transaction that adds it (the route's, which also holds
 * the Idempotency-Key): no lock is held while waiting on the network, and PGlite, which runs one transaction at a
 * time, is not held up by it.
 */
export async function lookupNewChannel(db: Db, telegram: TelegramClient, caller: Caller, input: NewChannel) {
  const ownerEmployeeId = input.ownerEmployeeId ?? caller.employeeId;
  if (!(await findMember(db, caller.teamId, ownerEmployeeId))) throw notFound('Сотрудник не найден');
  const chat = await findChannelChat(telegram, input.telegramNickName, 'telegramNickName');
  const bot = await telegram.botState(chat).catch(() => undefined);
  return { ownerEmployeeId, chat, bot };
}

export async function createChannel(
  db: Db,
  caller: Caller,
  input: NewChannel,
  { ownerEmployeeId, chat, bot }: Awaited<ReturnType<typeof lookupNewChannel>>,
) {
  return db.transaction(async (tx) => {
    await lockTeam(tx, caller.teamId);
    await checkPlace(tx, caller.teamId);
    const fromTelegram = {
      name: chat.name,
      iconLink: chat.imageLink,
      telegramNickName: chat.username,
      telegramChatId: chat.chatId,
      botAdminRights: bot?.canPost ?? false,
      botStatus: bot?.status ?? null,
      botCanInvite: bot?.canInvite ?? false,
      botAdminSince: bot?.status === 'administrator' ? new Date() : null,
      botCheckedAt: bot === undefined ? null : new Date(),
    };
    const created = await repo.insertChannel(tx, {
      teamId: caller.teamId,
      ...fromTelegram,
      description: input.description,
      ownerEmployeeId,
    });
    if (created) {
      await recordEvent(tx, caller, {
        entity: 'channel',
        entityId: created.id,
        action: 'create',
        changes: [{ field: 'name', from: null, to: created.name }],
      });
      return present(created);
    }
    // Adding a channel the team archived brings it back with its deals, instead of refusing it as a duplicate.
    const archivedId = await repo.findArchivedByNick(tx, caller.teamId, chat.username);
    if (archivedId === undefined) throw new AppError('CONFLICT', CHANNEL_EXISTS);
    const restored = await repo.unarchiveChannel(tx, caller.teamId, archivedId, {
      ...fromTelegram,
      ...(input.description ? { description: input.description } : {}),
      ...(input.ownerEmployeeId === undefined ? {} : { ownerEmployeeId }),
    });
    if (!restored) throw notFound(CHANNEL_NOT_FOUND);
    await recordEvent(tx, caller, { entity: 'channel', entityId: archivedId, action: 'restore' });
    return present(restored);
  });
}

/**
 * Refuses a new live channel over the tariff's limit (adding or restoring one). Called with the team row locked
 * (lockTeam) to the end of the transaction, so two of them at once cannot both slip under the limit.
 */
async function checkPlace(tx: Db, teamId: number) {
  const limit = await channelLimit(tx, teamId);
  if ((await countChannels(tx, teamId)) >= limit) {
    throw new AppError('TARIFF_CHANNEL_LIMIT', limitMessage(limit));
  }
}

export async function getChannel(db: Db, telegram: TelegramClient, caller: SessionCaller, id: number) {
  const channel = seen(caller, id) ? await findChannel(db, caller.teamId, id) : undefined;
  if (!channel) throw notFound(CHANNEL_NOT_FOUND);
  const { telegramChatId, botCheckedAt, ...row } = channel;
  const shown = present(row);
  // An archived channel has no bot work to do: Telegram is not asked about it.
  if (row.archivedAt) return shown;
  if (botCheckedAt && Date.now() - botCheckedAt.getTime() < BOT_CHECK_INTERVAL_MS) return shown;
  // Telegram being down must not hide the channel: the last known rights are shown instead.
  const bot = await telegram
    .botState({ chatId: telegramChatId, username: channel.telegramNickName })
    .catch(() => undefined);
  if (bot === undefined) return shown;
  const updated = await repo.updateBotState(db, caller.teamId, id, bot, { since: new Date() });
  return updated ? present(updated) : shown;
}

/** "Deleting" a channel archives it: its deals stay with its name (decisions 017). Archiving it again is harmless. */
export async function archiveChannel(db: Db, caller: SessionCaller, id: number) {
  ensureAdministered(caller, id);
  await db.transaction(async (tx) => {
    // The event first, then the archive, as one statement of its own: written the other way round, the event's
    // reference to the team waited for a restore's team lock while holding the channel's row (a deadlock on
    // PostgreSQL, channel-archive.test.ts and races.test.ts). A channel that is not there rolls the event back.
    await recordEvent(tx, caller, { entity: 'channel', entityId: id, action: 'delete' });
    if (!(await repo.archiveChannel(tx, caller.teamId, id))) throw notFound(CHANNEL_NOT_FOUND);
  });
}

/** Brings an archived channel back if the tariff has a place for it; a live one is answered as it is. */
export async function restoreChannel(db: Db, caller: SessionCaller, id: number) {
  ensureAdministered(caller, id);
  return db.transaction(async (tx) => {
    // Locked before reading, so a double tap's second restore sees the first one's result, not the tariff full.
    await lockTeam(tx, caller.teamId);
    const channel = await findChannel(tx, caller.teamId, id);
    if (!channel) throw notFound(CHANNEL_NOT_FOUND);
    const { telegramChatId, botCheckedAt, ...row } = channel;
    if (!row.archivedAt) return present(row);
    await checkPlace(tx, caller.teamId);
    const restored = await repo.unarchiveChannel(tx, caller.teamId, id);
    if (!restored) throw notFound(CHANNEL_NOT_FOUND);
    await recordEvent(tx, caller, { entity: 'channel', entityId: id, action: 'restore' });
    return present(restored);
  });
}

export async function listChannelEmployees(db: Db, caller: SessionCaller, id: number) {
  if (!seen(caller, id) || !(await findChannel(db, caller.teamId, id))) throw notFound(CHANNEL_NOT_FOUND);
  const rows = await repo.listChannelEmployees(db, caller.teamId, id);
  return rows.map((row) => ({
    employeeId: row.employeeId,
    employeeName: `${row.firstName} ${row.secondName}`.trim(),
    iconLink: row.iconLink,
  }));
}

/** A channel's price list (issue 33), in the order it was written: whoever sees the channel may read it. */
export async function listPrices(db: Db, caller: SessionCaller, channelId: number) {
  if (!seen(caller, channelId) || !(await findChannel(db, caller.teamId, channelId)))
    throw notFound(CHANNEL_NOT_FOUND);
  return prices.listPrices(db, caller.teamId, channelId);
}

/** A list as its history keeps it: each line's terms (priceTermKey) and price, in order. */
const listText = (list: ChannelPrice[]) => list.map((row) => `${priceTermKey(row)}=${row.price}`).join('; ');

/** Replaces the whole list in one transaction: a reader sees the old list or the new one, never half of each. */
export async function replacePrices(db: Db, caller: SessionCaller, channelId: number, rows: ChannelPrice[]) {
  if (!seen(caller, channelId)) throw notFound(CHANNEL_NOT_FOUND);
  if (!administers(caller.access, channelId))
    throw new AppError('FORBIDDEN', 'Прайс канала меняет владелец команды или администратор канала');
  const { names } = await dealReferences(db);
  const unknown = rows.findIndex((row) => !names.format.has(row.advertisementFormatId));
  if (unknown >= 0) throw invalid(`${unknown}.advertisementFormatId`, 'Выберите формат из списка');
  return db.transaction(async (tx) => {
    if (!(await prices.lockLiveChannel(tx, caller.teamId, channelId))) throw notFound(CHANNEL_NOT_FOUND);
    const before = listText(await prices.listPrices(tx, caller.teamId, channelId));
    await prices.replacePrices(tx, caller.teamId, channelId, rows);
    const saved = await prices.listPrices(tx, caller.teamId, channelId);
    const after = listText(saved);
    if (after !== before) {
      const changes = [{ field: 'prices', from: before || null, to: after || null }];
      await recordEvent(tx, caller, { entity: 'channel', entityId: channelId, action: 'update', changes });
    }
    return saved;
  });
}

/** The team channels of a Telegram chat, whichever teams they are in (the bot's updates name a chat, not a team). */
export { channelsOfChat } from './channel.repository.js';
