import { invitationToken } from './members.js';
import { oauthProviders } from './plain/auth.js';
import { MAX_RETURN_PATH, RETURN_PATH } from './plain/auth-params.js';
import { referralCode } from './profile.js';
import { text, z } from './zod.js';

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
  authBy: z.enum([...oauthProviders, 'demo'], { error: 'Неизвестный способ входа' }),
  as: demoKey.optional(),
  redirect: returnPath,
  /** A friend's referral code (`/auth?ref=CODE`), recorded when this sign-in creates a new account. */
  ref: referralCode,
  /** An invitation's token (`/invite/TOKEN`): the sign-in binds the person to the invited employee of that team. */
  invite: invitationToken.optional(),
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
  demo: z.boolean(),
});
export type AuthProviders = z.infer<typeof authProvidersSchema>;
