import { CHANNEL_EXISTS, CHANNEL_NOT_FOUND, type PageQuery } from '@addesk/contract';
import type { Db } from '../../db/client.js';
import { lockTeam } from '../../db/locks.js';
import { AppError, notFound } from '../../lib/app-error.js';
import type { Caller } from '../../lib/caller.js';
import { decodeCursor, idCursor, toPage } from '../../lib/cursor.js';
import { plural } from '../../lib/plural.js';
import { findEmployee } from '../employee/employee.repository.js';
import { channelLimit } from '../tariff/tariff.service.js';
import type { TelegramClient } from '../telegram/telegram.client.js';
import * as repo from './channel.repository.js';

/** Bot rights are asked of Telegram when a channel is opened, at most once a minute per channel. */
const BOT_CHECK_INTERVAL_MS = 60_000;

export async function listChannels(db: Db, caller: Caller, query: PageQuery) {
  const after = decodeCursor(query.cursor, idCursor);
  const { rows, total } = await repo.listChannels(db, caller.teamId, {
    limit: query.limit,
    afterId: after?.[0],
  });
  return {
    ...toPage(
      rows,
      query.limit,
      (row) => row,
      (row) => [row.id],
    ),
    total,
  };
}

export async function lookupChannel(telegram: TelegramClient, username: string) {
  const chat = await telegram.lookup(username);
  if (!chat) throw notFound(CHANNEL_NOT_FOUND);
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
  if (!(await findEmployee(db, caller.teamId, ownerEmployeeId))) throw notFound('Сотрудник не найден');
  const chat = await telegram.lookup(input.telegramNickName);
  if (!chat) throw notFound(CHANNEL_NOT_FOUND);
  const botAdminRights = await telegram.botCanPost(chat).catch(() => undefined);
  return { ownerEmployeeId, chat, botAdminRights };
}

export async function createChannel(
  db: Db,
  caller: Caller,
  input: NewChannel,
  { ownerEmployeeId, chat, botAdminRights }: Awaited<ReturnType<typeof lookupNewChannel>>,
) {
  return db.transaction(async (tx) => {
    // Two additions at once must not both slip under the limit.
    await lockTeam(tx, caller.teamId);
    const limit = await channelLimit(tx, caller.teamId);
    if ((await repo.countChannels(tx, caller.teamId)) >= limit) {
      throw new AppError('TARIFF_CHANNEL_LIMIT', limitMessage(limit));
    }
    const created = await repo.insertChannel(tx, {
      teamId: caller.teamId,
      name: chat.name,
      iconLink: chat.imageLink,
      description: input.description,
      telegramNickName: chat.username,
      telegramChatId: chat.chatId,
      botAdminRights: botAdminRights ?? false,
      botCheckedAt: botAdminRights === undefined ? null : new Date(),
      ownerEmployeeId,
    });
    if (!created) throw new AppError('CONFLICT', CHANNEL_EXISTS);
    return created;
  });
}

export async function getChannel(db: Db, telegram: TelegramClient, caller: Caller, id: number) {
  const channel = await repo.findChannel(db, caller.teamId, id);
  if (!channel) throw notFound(CHANNEL_NOT_FOUND);
  const { telegramChatId, botCheckedAt, ...shown } = channel;
  if (botCheckedAt && Date.now() - botCheckedAt.getTime() < BOT_CHECK_INTERVAL_MS) return shown;
  // Telegram being down must not hide the channel: the last known rights are shown instead.
  const rights = await telegram
    .botCanPost({ chatId: telegramChatId, username: channel.telegramNickName })
    .catch(() => undefined);
  if (rights === undefined) return shown;
  await repo.updateBotRights(db, caller.teamId, id, rights);
  return { ...shown, botAdminRights: rights };
}

export async function deleteChannel(db: Db, caller: Caller, id: number) {
  if (!(await repo.deleteChannel(db, caller.teamId, id))) throw notFound(CHANNEL_NOT_FOUND);
}

export async function listChannelEmployees(db: Db, caller: Caller, id: number) {
  if (!(await repo.findChannel(db, caller.teamId, id))) throw notFound(CHANNEL_NOT_FOUND);
  const rows = await repo.listChannelEmployees(db, caller.teamId, id);
  return rows.map((row) => ({
    employeeId: row.employeeId,
    employeeName: `${row.firstName} ${row.secondName}`.trim(),
    iconLink: row.iconLink,
  }));
}
