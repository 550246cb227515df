import { existsSync } from 'node:fs';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sendNotFound } from './errors.js';

/**
 * Serves the built web app: hashed assets cached for a year, everything else revalidated, and any other GET that
 * wants a page gets index.html so that a deep link such as /sale/5 opens the app. Unknown /api/* paths get JSON 404.
 */
export const webPlugin = fp(async (app: FastifyInstance, options: { root: string }) => {
  const hasWeb = existsSync(`${options.root}/index.html`);
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: options.root,
      wildcard: false,
      // The web build writes .br and .gz beside each file (apps/web/vite.config.ts).
      preCompressed: true,
      setHeaders(res, path) {
        res.header(
          'cache-control',
          path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const wantsPage = request.method === 'GET' && !request.url.startsWith('/api/') && request.url !== '/api';
    if (hasWeb && wantsPage && !/\.[a-z0-9]+$/i.test(request.url.split('?')[0] ?? '')) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return sendNotFound(request, reply);
  });
});
