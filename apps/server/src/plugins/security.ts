import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';
import { AppError } from '../lib/app-error.js';

const MUTATIONS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
// The longest address the app makes is a list with every filter: far below this. Node itself refuses above 16 KB.
const MAX_URL_LENGTH = 8 * 1024;

/** Security headers and a same-origin check on every mutation. */
export const securityPlugin = fp(async (app: FastifyInstance) => {
  const https = app.config.publicUrl.startsWith('https:');
  // Helmet's own middleware, built once: @fastify/helmet builds it again for every request, parsing the policy each
  // time: 4 800 repeat reads a second instead of 5 800 (docs/decisions/023).
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Channel and user images come from Telegram: its CDN (https) or the preview host itself.
        imgSrc: ["'self'", 'data:', 'blob:', 'https:', new URL(app.config.telegram.previewRoot).origin],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        manifestSrc: ["'self'"],
        workerSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    hsts: https,
    crossOriginEmbedderPolicy: false,
  });
  // Helmet calls back with what one of its parts threw, which is always an Error.
  app.addHook('onRequest', (request, reply, done) =>
    securityHeaders(request.raw, reply.raw, (error) => done(error as Error | undefined)),
  );

  // Every API answer carries the team's data (names, requisites): no browser or proxy keeps a copy.
  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'no-store');
    }
  });

  const publicOrigin = new URL(app.config.publicUrl).origin;
  app.addHook('onRequest', async (request) => {
    if (request.url.length > MAX_URL_LENGTH) {
      throw Object.assign(new Error('URI too long'), { statusCode: 414 });
    }
    if (!MUTATIONS.has(request.method)) return;
    const origin = request.headers.origin;
    const sameHost = `${request.protocol}://${request.host}`;
    const crossSite = request.headers['sec-fetch-site'] === 'cross-site';
    if (origin ? origin !== publicOrigin && origin !== sameHost : crossSite) {
      throw new AppError('FORBIDDEN', 'Запрос с другого сайта отклонён');
    }
  });
});
