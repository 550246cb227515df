import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { dayOf } from '../lib/dates.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The GET answers a 304 to a matching If-None-Match without running its handler (docs/decisions/020). */
    etag?: boolean;
  }
  interface FastifyRequest {
    etag: string | undefined;
  }
}

const REVALIDATE = 'private, no-cache';

/**
 * The build's part of every ETag. Bundled, this file is the server's one bundle (dist/server.js): its hash changes with
 * any change of code or contract, so a deploy never answers 304 for an answer it would now write differently, while
 * several processes of one build agree. Run from source (development, tests), the start time stands in for it.
 */
function buildOf(file: string) {
  const hash = createHash('sha256').update(readFileSync(file));
  if (file.endsWith('.ts')) hash.update(String(Date.now()));
  return hash.digest('base64url').slice(0, 16);
}
const BUILD = buildOf(fileURLToPath(import.meta.url));

/**
 * What an opted-in answer depends on: the build, the address (a tag is never taken for another list's), who asks
 * (team and employee: permissions and per-person views), the team's data version (bumped by every write of its data)
 * and the team's today (payment states turn overdue at its midnight). Hashed, so the ids stay out of the header.
 */
export function etagOf(request: FastifyRequest, now: Date) {
  const { teamId, employeeId, timeZone, dataVersion } = request.caller;
  const parts = [BUILD, request.url, teamId, employeeId, dataVersion, dayOf(now, timeZone)].join('\n');
  // Weak: the same answer goes out as brotli, gzip or plain bytes.
  return `W/"${createHash('sha256').update(parts).digest('base64url').slice(0, 27)}"`;
}

/** If-None-Match's weak comparison (RFC 9110 §13.1.2): any listed tag equal to ours, W/ or not, or `*`. */
export function matches(ifNoneMatch: string | undefined, etag: string) {
  if (!ifNoneMatch) return false;
  const ours = etag.replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => {
    const theirs = tag.trim().replace(/^W\//, '');
    return theirs === '*' || theirs === ours;
  });
}

/**
 * Registered with the session (it needs the caller and the data version the session query read first): an opted-in
 * GET whose If-None-Match holds the current ETag answers 304 before its handler runs; otherwise its 200 carries the
 * ETag and asks the browser to revalidate every time. Every other answer keeps no-store (security.ts).
 */
export const etagPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('etag', undefined);
  app.addHook('preHandler', async (request: FastifyRequest, reply: FastifyReply) => {
    if (!request.routeOptions.config.etag || (request.method !== 'GET' && request.method !== 'HEAD')) return;
    const etag = etagOf(request, app.clock());
    request.etag = etag;
    if (matches(request.headers['if-none-match'], etag)) {
      return reply.code(304).header('etag', etag).header('cache-control', REVALIDATE).send();
    }
  });
  app.addHook('onSend', async (request, reply) => {
    if (request.etag && reply.statusCode === 200) {
      reply.header('etag', request.etag).header('cache-control', REVALIDATE);
    }
  });
});
