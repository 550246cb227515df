import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../../lib/app-error.js';
import type { SessionCaller } from '../../lib/caller.js';
import { etagPlugin } from '../../plugins/etag.js';
import { accessOf, checkRule, policy } from '../access/index.js';
import { resolveSession, SESSION_TTL_MS } from './session.service.js';

export const SESSION_COOKIE = 'addesk_session';

declare module 'fastify' {
  interface FastifyRequest {
    caller: SessionCaller;
  }
}

export function setSessionCookie(app: FastifyInstance, reply: FastifyReply, token: string) {
  reply.setCookie(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: app.config.publicUrl.startsWith('https:'),
    path: '/',
    maxAge: SESSION_TTL_MS / 1000,
  });
}

export function clearSessionCookie(reply: FastifyReply) {
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
}

/**
 * Registered inside the scope that holds every team module: a route there cannot be reached without a session,
 * so a new module is protected by where it is registered, not by remembering a check. The ETags of repeat reads are
 * made of what the session query read, so they are registered here too.
 */
export const requireSession = fp(async (app: FastifyInstance) => {
  app.decorateRequest('caller', undefined as unknown as SessionCaller);
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    const token = request.cookies[SESSION_COOKIE];
    const session = token ? await resolveSession(app.db, token) : undefined;
    if (!session) throw new AppError('UNAUTHENTICATED');
    if (session.renewed && token) setSessionCookie(app, reply, token);
    const { teamId, employeeId, userId, timeZone, dataVersion } = session;
    const access = await accessOf(app.db, session);
    request.caller = { teamId, employeeId, userId, timeZone, dataVersion, access };
  });
  // One policy (docs/decisions/024): every route of the team's scope has its line, or the server does not start.
  app.addHook('onRoute', (route) => {
    // The OpenAPI document says which operations need the cookie, and gives them their 401 and 403 (plugins/openapi).
    route.schema = { ...route.schema, security: [{ session: [] }] };
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'HEAD') continue;
      const key = `${method} ${route.url}`;
      const rule = policy[key];
      if (!rule) throw new Error(`no access policy for ${key} (modules/access/access.policy.ts)`);
      const check = async (request: FastifyRequest) => checkRule(rule, request.caller.access);
      const existing = route.onRequest ? [route.onRequest].flat() : [];
      route.onRequest = [...existing, check];
    }
  });
  await app.register(etagPlugin);
});
