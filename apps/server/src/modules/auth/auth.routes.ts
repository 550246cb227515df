import {
  type AuthErrorCode,
  authErrorMessages,
  authProvidersSchema,
  BROWSER_ZONE_COOKIE,
  callbackQuery,
  loginQuery,
  oauthProviders,
  signInTimeZone,
  telegramLoginQuery,
  telegramWebAppBody,
  z,
} from '@addesk/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error.js';
import {
  clearSessionCookie,
  endSession,
  type Member,
  resolveSession,
  SESSION_COOKIE,
  setSessionCookie,
  startSession,
} from '../session/index.js';
import type { Identity } from './auth.repository.js';
import { linkAccount, signIn, signInDemo, signInTelegram, TELEGRAM_PROVIDER } from './auth.service.js';
import { oauthFlow, type PendingSignIn, pendingSignIn } from './oauth.js';
import { checkLogin, checkWebAppData } from './telegram-login.js';

const PENDING_COOKIE = 'addesk_oauth';
const PENDING_PATH = '/api/auth';

const backToAuth = (reply: FastifyReply, error: AuthErrorCode) => reply.redirect(`/auth?error=${error}`);

/**
 * Signs in; an invitation that does not work (used, expired, revoked, a person already in that team) sends the browser
 * back to the invitation's page, which says why. Nothing was bound or created: it was one transaction.
 */
async function signInOrInvitation(
  reply: FastifyReply,
  invite: string | undefined,
  work: () => Promise<Member>,
) {
  try {
    return await work();
  } catch (error) {
    if (invite && error instanceof AppError && (error.code === 'NOT_FOUND' || error.code === 'CONFLICT')) {
      reply.redirect(`/invite/${encodeURIComponent(invite)}`);
      return undefined;
    }
    throw error;
  }
}

function readPending(raw: string | undefined): PendingSignIn | undefined {
  if (!raw) return undefined;
  try {
    return pendingSignIn.parse(JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')));
  } catch {
    return undefined;
  }
}

/** Sign-in (Google, Yandex, demo), its callback and sign-out; public routes, outside the session scope. */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { botToken } = app.config.telegram;
  const keepPending = (reply: FastifyReply, pending: PendingSignIn) =>
    reply.setCookie(PENDING_COOKIE, Buffer.from(JSON.stringify(pending)).toString('base64url'), {
      httpOnly: true,
      sameSite: 'lax',
      secure: app.config.publicUrl.startsWith('https:'),
      path: PENDING_PATH,
      maxAge: 600,
    });
  const signInRateLimit = { rateLimit: { max: app.config.signInPerMinute, timeWindow: '1 minute' } };
  const enter = async (reply: FastifyReply, member: Member | undefined, redirect: string | undefined) => {
    if (!member) return reply;
    setSessionCookie(app, reply, await startSession(app.db, member));
    return reply.redirect(redirect ?? '/dashboard');
  };

  /**
   * The end of a sign-in through a door: started from /profile (`link`), the identity joins the signed-in person's
   * profile instead; otherwise the person signs in (`work`) and goes where they were going.
   */
  const linkOrEnter = async (
    request: FastifyRequest,
    reply: FastifyReply,
    pending: PendingSignIn | undefined,
    identity: Identity,
    work: () => Promise<Member>,
  ) => {
    if (pending?.link) {
      const token = request.cookies[SESSION_COOKIE];
      const session = token ? await resolveSession(app.db, token) : undefined;
      if (!session) return backToAuth(reply, 'link_signed_out');
      const linked = await linkAccount(app.db, identity, session.userId);
      return reply.redirect(
        linked === 'linked'
          ? `/profile/settings?linked=${identity.provider}`
          : '/profile/settings?error=account_taken',
      );
    }
    return enter(reply, await signInOrInvitation(reply, pending?.invite, work), pending?.redirect);
  };

  app.get(
    '/api/auth/providers',
    {
      schema: {
        tags: ['auth'],
        summary: 'Способы входа на этом сервере',
        response: { 200: authProvidersSchema },
      },
    },
    async () => ({
      google: Boolean(app.config.oauth.google),
      yandex: Boolean(app.config.oauth.yandex),
      telegram: Boolean(botToken),
      demo: app.config.demoLogin,
    }),
  );

  app.get(
    '/api/auth/login',
    {
      config: signInRateLimit,
      schema: {
        tags: ['auth'],
        summary: 'Начать вход (authBy = google | yandex | demo)',
        querystring: loginQuery.extend({ tz: signInTimeZone }),
      },
    },
    async (request, reply) => {
      const { authBy, as, redirect, ref, invite } = request.query;
      const link = request.query.link === '1';
      if (link && authBy !== 'demo') {
        const token = request.cookies[SESSION_COOKIE];
        if (!token || !(await resolveSession(app.db, token))) return backToAuth(reply, 'link_signed_out');
      }
      const tz = request.query.tz ?? signInTimeZone.parse(request.cookies[BROWSER_ZONE_COOKIE]);
      if (authBy === 'demo') {
        if (!app.config.demoLogin) return backToAuth(reply, 'demo_disabled');
        // Login CSRF: another site's page must not switch a visitor into a team of its choosing. Browsers say where a
        // request comes from; the /auth button (same-origin), a typed address (none) and clients without the header
        // still sign in.
        if (request.headers['sec-fetch-site'] === 'cross-site') return backToAuth(reply, 'demo_cross_site');
        const member = await signInOrInvitation(reply, invite, () =>
          signInDemo(app.db, as ?? 'demo', {
            ...(tz ? { timeZone: tz } : {}),
            ...(invite ? { invite } : {}),
          }),
        );
        return enter(reply, member, redirect);
      }
      if (authBy === 'telegram') {
        if (!botToken) return backToAuth(reply, 'telegram_not_configured');
        // Telegram's login page sends the person back to /auth/telegram with the proof in the address's fragment,
        // which only the page can read; it hands it to the callback below.
        const url = new URL('/auth', app.config.telegram.oauthRoot);
        url.searchParams.set('bot_id', botToken.split(':')[0] ?? '');
        url.searchParams.set('origin', app.config.publicUrl);
        url.searchParams.set('return_to', new URL('/auth/telegram', app.config.publicUrl).toString());
        url.searchParams.set('request_access', 'write');
        keepPending(reply, {
          provider: 'telegram',
          state: '',
          verifier: '',
          redirect,
          ref,
          timeZone: tz,
          invite,
          link,
        });
        return reply.redirect(url.toString());
      }
      const flow = oauthFlow(app.config, authBy);
      if (!flow) return backToAuth(reply, 'provider_not_configured');
      const { url, pending } = flow.start({ redirect, ref, timeZone: tz, invite });
      keepPending(reply, { ...pending, link });
      return reply.redirect(url.toString());
    },
  );

  app.get(
    '/api/auth/callback/telegram',
    {
      config: signInRateLimit,
      schema: {
        tags: ['auth'],
        summary: 'Возврат от входа через Telegram: данные входа, проверенные по подписи бота',
        querystring: telegramLoginQuery,
      },
    },
    async (request, reply) => {
      const pending = readPending(request.cookies[PENDING_COOKIE]);
      reply.clearCookie(PENDING_COOKIE, { path: PENDING_PATH });
      if (!botToken) return backToAuth(reply, 'telegram_not_configured');
      const proof = checkLogin(request.query, botToken, new Date());
      if ('error' in proof) return backToAuth(reply, proof.error);
      const from = pending?.provider === 'telegram' ? pending : undefined;
      return linkOrEnter(request, reply, from, { provider: TELEGRAM_PROVIDER, subject: proof.user.id }, () =>
        signInTelegram(app.db, proof.user, {
          ref: from?.ref,
          timeZone: from?.timeZone,
          invite: from?.invite,
        }),
      );
    },
  );

  app.post(
    '/api/auth/telegram/webapp',
    {
      config: signInRateLimit,
      schema: {
        tags: ['auth'],
        summary: 'Вход в Mini App: данные запуска от Telegram, проверенные по подписи бота',
        body: telegramWebAppBody,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      if (!botToken) throw new AppError('UNAUTHENTICATED', authErrorMessages.telegram_not_configured);
      const proof = checkWebAppData(request.body.initData, botToken, new Date());
      if ('error' in proof) throw new AppError('UNAUTHENTICATED', authErrorMessages[proof.error]);
      const member = await signInTelegram(app.db, proof.user, { invite: request.body.invite });
      setSessionCookie(app, reply, await startSession(app.db, member));
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/auth/callback/:provider',
    {
      config: signInRateLimit,
      schema: {
        tags: ['auth'],
        summary: 'Возврат от провайдера входа',
        params: z.object({ provider: z.enum(oauthProviders) }),
        querystring: callbackQuery,
      },
    },
    async (request, reply) => {
      const { provider } = request.params;
      const { code, state, error } = request.query;
      const pending = readPending(request.cookies[PENDING_COOKIE]);
      // The pending sign-in is single use: a replayed callback finds no cookie and is refused.
      reply.clearCookie(PENDING_COOKIE, { path: PENDING_PATH });
      if (error) return backToAuth(reply, 'access_denied');
      const flow = oauthFlow(app.config, provider);
      if (!flow) return backToAuth(reply, 'provider_not_configured');
      if (!pending || pending.provider !== provider || !state || pending.state !== state || !code) {
        return backToAuth(reply, 'invalid_state');
      }
      let profile: Awaited<ReturnType<typeof flow.finish>>;
      try {
        profile = await flow.finish(code, pending.verifier);
      } catch (err) {
        request.log.warn(
          { provider, reason: err instanceof Error ? err.message : String(err) },
          'oauth failed',
        );
        return backToAuth(reply, 'provider_error');
      }
      const { subject, ...rest } = profile;
      const { ref, timeZone, invite } = pending;
      return linkOrEnter(request, reply, pending, { provider, subject }, () =>
        signIn(app.db, { provider, subject }, rest, { ref, timeZone, invite }),
      );
    },
  );

  app.post(
    '/api/auth/logout',
    { schema: { tags: ['auth'], summary: 'Выйти: завершить сессию', response: { 204: z.null() } } },
    async (request, reply) => {
      const token = request.cookies[SESSION_COOKIE];
      if (token) await endSession(app.db, token);
      clearSessionCookie(reply);
      // The lists the browser keeps for revalidation (ETag, private) must not outlive the session.
      reply.header('clear-site-data', '"cache"');
      return reply.status(204).send(null);
    },
  );
};
