import { Readable } from 'node:stream';
import rateLimit, { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error.js';

/**
 * Files one team may be sent at once. An export reads the team's deals in batches for as long as the download lasts
 * (a year of finance on PGlite: seconds): unlimited, 3 at once slowed another team's list from about 10 ms to 80 ms
 * and 20 were all served (issue 33).
 */
export const EXPORTS_AT_ONCE = 2;
export const EXPORTS_BUSY = `Команда уже готовит ${EXPORTS_AT_ONCE} файла. Дождитесь их и попробуйте ещё раз`;

/**
 * The API's limits: requests per minute from one address (API_PER_MINUTE; a route may set its own, as sign-in does),
 * and files sent to one team at once. Both refuse with 429, Retry-After and the contract's error body.
 */
export const limitsPlugin = fp(async (app: FastifyInstance) => {
  await app.register(rateLimit, {
    max: app.config.apiPerMinute,
    timeWindow: '1 minute',
    // The web app's own files are not the API: a page load fetches dozens of them.
    allowList: (request) => !request.url.startsWith('/api/'),
    // A client that has left has no address any more (Node knows it from the socket, and keeps it only once read):
    // the plugin's own key threw on it and logged a 500 for every request given up under load. Its request is
    // counted under one key for all such; nobody is there to be answered.
    keyGenerator: (request) => (request.ip === undefined ? 'gone' : normalizeIP(request.ip)),
  });

  // Every file of team data leaves as an attachment (lib/files/file.ts), so the limit holds for an export added
  // later without it naming itself here. Counted from the moment the file starts to be sent until the answer ends
  // (sent whole, or the download aborted); the stream has read nothing yet when it is refused.
  const sending = new Map<number, number>();
  app.addHook('onSend', async (request, reply, payload) => {
    const teamId = request.caller?.teamId;
    const disposition = reply.getHeader('content-disposition');
    if (teamId === undefined || typeof disposition !== 'string' || !disposition.startsWith('attachment'))
      return;
    const count = sending.get(teamId) ?? 0;
    if (count >= EXPORTS_AT_ONCE) {
      if (payload instanceof Readable) payload.destroy();
      reply.removeHeader('content-disposition');
      throw new AppError('RATE_LIMITED', EXPORTS_BUSY);
    }
    sending.set(teamId, count + 1);
    reply.raw.once('close', () => {
      const left = (sending.get(teamId) ?? 1) - 1;
      if (left > 0) sending.set(teamId, left);
      else sending.delete(teamId);
    });
  });
});
