import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import type { Caller } from '../../lib/caller.js';
import { randomToken, sha256 } from '../../lib/tokens.js';
import type { TelegramClient } from '../telegram/index.js';
import * as repo from './telegram-link.repository.js';

/** How long 'Подключить Telegram' waits for the person to press Start in the bot. */
export const LINK_TOKEN_TTL_MS = 15 * 60_000;

export const NO_BOT = 'Бот Telegram на этом сервере не настроен: напоминания в Telegram недоступны';

/**
 * 'Подключить Telegram': the bot's deep link with a new one-time start token (Telegram allows 64 characters of
 * [A-Za-z0-9_-]; 32 random bytes in base64url are 43). Only the token's hash is stored, like a session's.
 */
export async function createLink(db: Db, telegram: TelegramClient, caller: Caller, now: Date) {
  const bot = await telegram.botUsername();
  if (!bot) throw new AppError('VALIDATION_ERROR', NO_BOT);
  const token = randomToken();
  await repo.replaceToken(db, caller, sha256(token), new Date(now.getTime() + LINK_TOKEN_TTL_MS));
  return { url: `https://t.me/${bot}?start=${token}` };
}

/** 'Отключить': the bot stops messaging the caller. */
export const unlink = (db: Db, caller: Caller) => repo.unlinkChat(db, caller);
