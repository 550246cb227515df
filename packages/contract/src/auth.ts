import { invitationToken } from './members.js';
import { type doorNames, oauthProviders } from './plain/auth.js';
import { MAX_RETURN_PATH, RETURN_PATH } from './plain/auth-params.js';
import { referralCode } from './profile.js';
import { nullMeansAbsent, text, z } from './zod.js';

/**
 * A path inside the app to return to after sign-in, ready for a Location header: characters beyond ASCII are
 * percent-encoded ('/й' -> '/%D0%B9'; what is encoded already stays as it is). Anything else (other hosts, '//',
 * spaces, control characters, broken Unicode) is dropped.
 */
export const returnPath = text(MAX_RETURN_PATH)
  .regex(RETURN_PATH)
  .transform((path, ctx) => {
    try {
      return path.replace(/[^\x21-\x7e]/gu, encodeURIComponent);
    } catch {
      ctx.addIssue({ code: 'custom', message: 'Некорректный адрес возврата' });
      return z.NEVER;
    }
  })
  .optional()
  .catch(undefined);

export const demoKey = text(40).regex(
  /^[a-zA-Z0-9_-]{1,40}$/,
  'Ключ демо-входа: латиница, цифры, _ и -, до 40 символов',
);

export const loginQuery = z.object({
  authBy: z.enum([...oauthProviders, 'telegram', 'demo'], { error: 'Неизвестный способ входа' }),
  as: demoKey.optional(),
  redirect: returnPath,
  /** A friend's referral code (`/auth?ref=CODE`), recorded when this sign-in creates a new account. */
  ref: referralCode,
  /** An invitation's token (`/invite/TOKEN`): the sign-in binds the person to the invited employee of that team. */
  invite: invitationToken.optional(),
  /** '1' from /profile: the door signs nobody in, it becomes one more way into the signed-in person's profile. */
  link: z.enum(['1'], { error: 'link: 1 или ничего' }).optional(),
});

export const callbackQuery = z.object({
  code: text(2000).optional(),
  state: text(500).optional(),
  error: text(500).optional(),
});

/** What the sign-in screen can offer on this installation. */
export const authProvidersSchema = z.object({
  google: z.boolean(),
  yandex: z.boolean(),
  /** A bot is configured: 'Войти через Telegram' (and the Mini App) work. */
  telegram: z.boolean(),
  demo: z.boolean(),
});
export type AuthProviders = z.infer<typeof authProvidersSchema>;

const telegramField = (max: number) => text(max).optional();

/**
 * `GET /api/auth/callback/telegram`: what Telegram's login hands back (the widget's fields, as the page /auth/telegram
 * reads them from Telegram's redirect), checked by its hash.
 */
export const telegramLoginQuery = z.object({
  id: text(20).regex(/^\d{1,20}$/, 'Некорректный идентификатор Telegram'),
  first_name: telegramField(256),
  last_name: telegramField(256),
  username: telegramField(64),
  photo_url: telegramField(1000),
  auth_date: text(12).regex(/^\d{1,12}$/, 'Некорректное время входа'),
  hash: text(64).regex(/^[0-9a-f]{64}$/, 'Некорректная подпись входа'),
});
export type TelegramLogin = z.infer<typeof telegramLoginQuery>;

/** `POST /api/auth/telegram/webapp`: a Mini App's launch data, and the invitation it was opened for, if any. */
export const telegramWebAppBody = nullMeansAbsent(
  z.object({
    initData: text(8192).min(1, 'Нет данных запуска Mini App'),
    invite: invitationToken.optional(),
  }),
);

/** The ways into a profile (`GET /api/profile/accounts`): each door and since when it is there. */
export const signInDoors = [
  'google',
  'yandex',
  'telegram',
  'demo',
] as const satisfies readonly (keyof typeof doorNames)[];
export const profileAccountSchema = z.object({ provider: z.enum(signInDoors), since: z.string() });
export type ProfileAccount = z.infer<typeof profileAccountSchema>;
export const profileAccountParams = z.object({
  provider: z.enum(signInDoors, { error: 'Неизвестный способ входа' }),
});
