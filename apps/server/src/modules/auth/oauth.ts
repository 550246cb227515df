import { type OAuthProvider, z } from '@addesk/contract';
import { CodeChallengeMethod, generateCodeVerifier, generateState, OAuth2Client } from 'arctic';
import type { Config } from '../../env.js';
import type { Profile } from '../team/index.js';

const PROFILE_TIMEOUT_MS = 10_000;

const googleProfile = z
  .object({
    sub: z.string().min(1),
    name: z.string().optional(),
    given_name: z.string().optional(),
    family_name: z.string().optional(),
    picture: z.url().optional(),
  })
  .transform((p) => ({
    subject: p.sub,
    firstName: p.given_name || p.name || 'Пользователь',
    secondName: p.family_name ?? '',
    iconLink: p.picture ?? null,
  }));

const yandexProfile = z
  .object({
    id: z.string().min(1),
    first_name: z.string().optional(),
    last_name: z.string().optional(),
    display_name: z.string().optional(),
    default_avatar_id: z.string().optional(),
    is_avatar_empty: z.boolean().optional(),
  })
  .transform((p) => ({
    subject: p.id,
    firstName: p.first_name || p.display_name || 'Пользователь',
    secondName: p.last_name ?? '',
    iconLink:
      p.default_avatar_id && !p.is_avatar_empty
        ? `https://avatars.yandex.net/get-yapic/${p.default_avatar_id}/islands-200`
        : null,
  }));

const providers = {
  google: { scopes: ['openid', 'profile'], profile: googleProfile },
  yandex: { scopes: ['login:info', 'login:avatar'], profile: yandexProfile },
} satisfies Record<OAuthProvider, { scopes: string[]; profile: z.ZodType }>;

/** What the browser keeps (httpOnly cookie, 10 minutes) between the redirect to the provider and its callback. */
export const pendingSignIn = z.object({
  // Telegram's login carries no state of ours: its proof is its own signature (telegram-login.ts).
  provider: z.enum(['google', 'yandex', 'telegram']),
  state: z.string(),
  verifier: z.string(),
  redirect: z.string().optional(),
  ref: z.string().optional(),
  timeZone: z.string().optional(),
  invite: z.string().optional(),
  /** Started from /profile: the identity becomes one more way into the signed-in person's profile. */
  link: z.boolean().optional(),
});
export type PendingSignIn = z.infer<typeof pendingSignIn>;

/** The real OAuth 2.0 code flow with PKCE, through arctic's generic client so endpoints come from settings. */
export function oauthFlow(config: Config, provider: OAuthProvider) {
  const endpoints = config.oauth[provider];
  if (!endpoints) return undefined;
  const client = new OAuth2Client(
    endpoints.clientId,
    endpoints.clientSecret,
    `${config.publicUrl}/api/auth/callback/${provider}`,
  );
  return {
    start(carried: Pick<PendingSignIn, 'redirect' | 'ref' | 'timeZone' | 'invite'>): {
      url: URL;
      pending: PendingSignIn;
    } {
      const state = generateState();
      const verifier = generateCodeVerifier();
      const url = client.createAuthorizationURLWithPKCE(
        endpoints.authorizationUrl,
        state,
        CodeChallengeMethod.S256,
        verifier,
        providers[provider].scopes,
      );
      return { url, pending: { provider, state, verifier, ...carried } };
    },
    async finish(code: string, verifier: string): Promise<{ subject: string } & Profile> {
      const tokens = await client.validateAuthorizationCode(endpoints.tokenUrl, code, verifier);
      const response = await fetch(endpoints.userinfoUrl, {
        headers: { authorization: `Bearer ${tokens.accessToken()}`, accept: 'application/json' },
        signal: AbortSignal.timeout(PROFILE_TIMEOUT_MS),
      });
      if (!response.ok) throw new Error(`userinfo answered ${response.status}`);
      return providers[provider].profile.parse(await response.json());
    },
  };
}
