import { createHash } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import { AppError } from '../lib/app-error.js';
import type { Db } from './client.js';
import { idempotencyKeys } from './schema/index.js';

/** How long a key answers with its first result; after that the same key is a new request. */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 60 * 60 * 1000;

/** What a request answered: replayed as it was to every retry with the same key. */
export type Answer<T, S extends number = number> = { status: S; body: T };

const hashOf = (request: unknown) =>
  createHash('sha256')
    .update(JSON.stringify(request) ?? '')
    .digest('base64url');

/**
 * Runs `work` in a transaction once per (team, key): a repeated request with the same key and the same `request`
 * gets the first answer instead of doing the work again; with another `request` it is refused (422). The key row is
 * written first, so a concurrent twin waits on it and then reads the answer. A failure rolls the key back with the
 * work, so a retry after an error runs again. A key older than 24 hours is taken over as a new one.
 */
export async function once<T, S extends number>(
  db: Db,
  teamId: number,
  key: string,
  request: unknown,
  work: (tx: Db) => Promise<Answer<T, S>>,
): Promise<Answer<T, S>> {
  const requestHash = hashOf(request);
  return db.transaction(async (tx) => {
    const claimed = await tx
      .insert(idempotencyKeys)
      // Status 0 until the work answers: the row is seen by others only once this transaction commits it.
      .values({ teamId, key, requestHash, status: 0 })
      .onConflictDoUpdate({
        target: [idempotencyKeys.teamId, idempotencyKeys.key],
        set: { requestHash, status: 0, result: null, createdAt: sql`now()` },
        setWhere: lt(
          idempotencyKeys.createdAt,
          sql`now() - ${`${IDEMPOTENCY_KEY_TTL_MS} milliseconds`}::interval`,
        ),
      })
      .returning({ key: idempotencyKeys.key });
    const where = and(eq(idempotencyKeys.teamId, teamId), eq(idempotencyKeys.key, key));
    if (claimed.length === 0) {
      const [previous] = await tx
        .select({
          requestHash: idempotencyKeys.requestHash,
          status: idempotencyKeys.status,
          result: idempotencyKeys.result,
        })
        .from(idempotencyKeys)
        .where(where);
      if (previous?.requestHash !== requestHash) throw new AppError('IDEMPOTENCY_KEY_REUSED');
      return { status: previous.status as S, body: previous.result as T };
    }
    const answer = await work(tx);
    await tx.update(idempotencyKeys).set({ status: answer.status, result: answer.body }).where(where);
    return answer;
  });
}

/** The parts of a request `idempotent` reads (a Fastify request after authentication and validation). */
type KeyedRequest = {
  caller: { teamId: number };
  headers: { 'idempotency-key'?: string | string[] | undefined };
  method: string;
  routeOptions: { url?: string | undefined };
  body: unknown;
};

/**
 * A create call under its `Idempotency-Key` header (decisions D5): once per (team, key), keyed apart from the
 * add-employee flow's request ids. The route and the validated body make the request's identity, so the same key
 * sent to another call, or with another body, is a reuse (422). Without the header `work` runs as it is, still in
 * one transaction: the record and the read of the answer then see the same data, so a channel deleted in between
 * cannot turn a written sale into 'Продажа не найдена'. `work` must not wait on the network (look up first).
 */
export function idempotent<T, S extends number>(
  db: Db,
  request: KeyedRequest,
  status: S,
  work: (db: Db) => Promise<T>,
): Promise<Answer<T, S>> {
  const key = request.headers['idempotency-key'];
  const run = async (tx: Db) => ({ status, body: await work(tx) });
  if (typeof key !== 'string') return db.transaction(run);
  const identity = { call: `${request.method} ${request.routeOptions.url ?? ''}`, body: request.body };
  return once(db, request.caller.teamId, `header:${key}`, identity, run);
}

/** Forgets keys older than 24 hours (the app's sweeper calls it); answers how many were deleted. */
export async function deleteExpiredIdempotencyKeys(db: Db, now: Date): Promise<number> {
  const deleted = await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, new Date(now.getTime() - IDEMPOTENCY_KEY_TTL_MS)))
    .returning({ key: idempotencyKeys.key });
  return deleted.length;
}
