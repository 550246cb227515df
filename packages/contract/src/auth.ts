import { oauthProviders } from './plain/auth.js';
import { referralCode } from './profile.js';
import { z } from './zod.js';

/** A path inside the app to return to after sign-in; anything else (other hosts, '//') is dropped. */
export const returnPath = z
  .string()
  .max(500)
  .regex(/^\/(?![/\\])[^\s]*$/)
  .optional()
  .catch(undefined);

export const demoKey = z
  .string()
  .trim()
  .regex(/^[a-zA-Z0-9_-]{1,40}$/, 'Ключ демо-входа: латиница, цифры, _ и -, до 40 символов');

export const loginQuery = z.object({
  authBy: z.enum([...oauthProviders, 'demo'], { error: 'Неизвестный способ входа' }),
  as: demoKey.optional(),
  redirect: returnPath,
  /** A friend's referral code (`/auth?ref=CODE`), recorded when this sign-in creates a new account. */
  ref: referralCode,
});

export const callbackQuery = z.object({
  code: z.string().max(2000).optional(),
  state: z.string().max(500).optional(),
  error: z.string().max(500).optional(),
});

/** What the sign-in screen can offer on this installation. */
export const authProvidersSchema = z.object({
  google: z.boolean(),
  yandex: z.boolean(),
  demo: z.boolean(),
});
export type AuthProviders = z.infer<typeof authProvidersSchema>;
