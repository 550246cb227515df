import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

// Telegram's two sign-in proofs, checked as Telegram specifies (core.telegram.org/widgets/login#checking-authorization
// and core.telegram.org/bots/webapps#validating-data-received-via-the-mini-app): the fields but the hash, sorted by
// name and written `name=value` one per line, signed with HMAC-SHA-256 under a key made from the bot's token; the
// proof is at most a day old.

/** How old a proof may be: a replayed login older than this is refused. */
const MAX_AGE_SECONDS = 24 * 60 * 60;
/** A proof from a clock a little ahead of ours is still today's. */
const CLOCK_SKEW_SECONDS = 60;

/** The person a proof names. */
export type TelegramUser = {
  id: string;
  firstName: string;
  lastName: string;
  username: string | undefined;
  photoUrl: string | undefined;
};

type ProofError = 'telegram_invalid' | 'telegram_expired';
export type TelegramProof = { user: TelegramUser } | { error: ProofError };

const dataCheckString = (fields: Map<string, string>) =>
  [...fields]
    .filter(([name]) => name !== 'hash')
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
    .join('\n');

function signedAndFresh(fields: Map<string, string>, key: Buffer, now: Date): ProofError | undefined {
  const hash = fields.get('hash') ?? '';
  const expected = createHmac('sha256', key).update(dataCheckString(fields)).digest();
  const given = Buffer.from(hash, 'hex');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'telegram_invalid';
  const age = now.getTime() / 1000 - Number(fields.get('auth_date'));
  if (!Number.isFinite(age) || age > MAX_AGE_SECONDS || age < -CLOCK_SKEW_SECONDS) return 'telegram_expired';
  return undefined;
}

/** The login widget's fields (`id`, `first_name`, …, `auth_date`, `hash`): signed with the SHA-256 of the token. */
export function checkLogin(
  fields: Record<string, string | undefined>,
  botToken: string,
  now: Date,
): TelegramProof {
  const given = new Map(
    Object.entries(fields).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
  const error = signedAndFresh(given, createHash('sha256').update(botToken).digest(), now);
  if (error) return { error };
  return {
    user: {
      id: given.get('id') ?? '',
      firstName: given.get('first_name') ?? '',
      lastName: given.get('last_name') ?? '',
      username: given.get('username'),
      photoUrl: given.get('photo_url'),
    },
  };
}

/** A Mini App's `initData` (a query string whose `user` is JSON): signed with a key derived from "WebAppData". */
export function checkWebAppData(initData: string, botToken: string, now: Date): TelegramProof {
  const fields = new Map(new URLSearchParams(initData));
  const key = createHmac('sha256', 'WebAppData').update(botToken).digest();
  const error = signedAndFresh(fields, key, now);
  if (error) return { error };
  let user: {
    id?: unknown;
    first_name?: unknown;
    last_name?: unknown;
    username?: unknown;
    photo_url?: unknown;
  };
  try {
    user = JSON.parse(fields.get('user') ?? '');
  } catch {
    return { error: 'telegram_invalid' };
  }
  const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
  if (typeof user?.id !== 'number' || !Number.isSafeInteger(user.id)) return { error: 'telegram_invalid' };
  return {
    user: {
      id: String(user.id),
      firstName: text(user.first_name) ?? '',
      lastName: text(user.last_name) ?? '',
      username: text(user.username),
      photoUrl: text(user.photo_url),
    },
  };
}
