import { errorBodySchema } from '@addesk/contract';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInDemo as demoMember } from '../../src/modules/auth/auth.service.js';
import { startSession } from '../../src/modules/session/index.js';
import { startFakeTelegram } from '../helpers/fake-telegram.js';
import { createTestApp, sameOrigin } from '../helpers/test-app.js';
import {
  asUrlText,
  hostileValue,
  type IdPools,
  type JsonSchema,
  namesForeign,
  type Parameter,
  pathIdArbitrary,
  perturbedValue,
  queryArbitrary,
  RawUrlText,
  randomQuery,
  resolve,
  validValue,
} from './arbitraries.js';
import { fingerprinter } from './fingerprint.js';

/**
 * Issue 12: every mutating endpoint and every list query, read from the OpenAPI document the server publishes, gets
 * mostly-valid requests with hostile parts, random ones, and ids of the team, of another team and impossible ones.
 * Whatever comes in: never a 5xx; every failure in the contract's shape with a Russian message; a refused request
 * changes nothing; another team's record answers like a missing one and its data never changes.
 */

/** Runs per operation and the seed they start from: fixed, so a failure replays; sized to stay within CI's time. */
const RUNS = 60;
const SEED = 20_261_124;

type Operation = {
  name: string;
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  path: string;
  parameters: Parameter[];
  body?: JsonSchema;
};

type Document = {
  paths: Record<
    string,
    Record<
      string,
      { parameters?: Parameter[]; requestBody?: { content: Record<string, { schema: JsonSchema }> } }
    >
  >;
};

const MUTATIONS = new Set(['POST', 'PATCH', 'PUT', 'DELETE']);

/**
 * The operations fuzzed: every mutation and every read that takes parameters, under /api. The sign-in redirects
 * (GET /api/auth/login and /api/auth/callback/{provider}) are left out: they answer with redirects, not the error
 * body, by design; each demo sign-in creates a whole sample team; and they are rate-limited, so a fuzz would only
 * measure the limiter. input-bounds.test.ts and the auth tests hold their inputs.
 */
function operationsOf(document: Document): Operation[] {
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).flatMap(([lower, operation]) => {
      const method = lower.toUpperCase() as Operation['method'];
      const parameters = operation.parameters ?? [];
      if (!path.startsWith('/api/')) return [];
      if (method === 'GET' && (parameters.length === 0 || path.startsWith('/api/auth/'))) return [];
      if (!MUTATIONS.has(method) && method !== 'GET') return [];
      const body = operation.requestBody?.content['application/json']?.schema;
      return [{ name: `${method} ${path}`, method, path, parameters, ...(body ? { body } : {}) }];
    }),
  );
}

/** A body sent as written, to reach the parsers: malformed JSON, other types, nothing at all. */
class RawBody {
  constructor(
    readonly text: string,
    readonly contentType: string,
  ) {}
}

const rawBody = fc.constantFrom(
  new RawBody('', 'application/json'),
  new RawBody('{"a":', 'application/json'),
  new RawBody('{"a":1}{"b":2}', 'application/json'),
  new RawBody('\u0000', 'application/json'),
  new RawBody('{"__proto__":{"admin":true},"constructor":{"prototype":{"x":1}}}', 'application/json'),
  new RawBody('{"price":1e999999}', 'application/json'),
  new RawBody(`${'['.repeat(5000)}${']'.repeat(5000)}`, 'application/json'),
  new RawBody('{"a":1}', 'text/plain'),
  new RawBody('a=1&b=2', 'application/x-www-form-urlencoded'),
  new RawBody('<a/>', 'application/xml'),
  new RawBody('{"a":1}', 'application/json; charset=latin1'),
  new RawBody('{"a":1}', 'multipart/form-data; boundary=x'),
);

type FuzzRequest = {
  pathValues: Record<string, unknown>;
  query: [string, unknown][];
  body: unknown;
  idempotencyKey: string | undefined;
};

function requestArbitrary(operation: Operation, pools: IdPools): fc.Arbitrary<FuzzRequest> {
  const inPath = operation.parameters.filter((p) => p.in === 'path');
  const inQuery = operation.parameters.filter((p) => p.in === 'query');
  const body = operation.body;
  return fc.record({
    pathValues: fc.record(
      Object.fromEntries(
        inPath.map((p) => [
          p.name,
          p.schema.type === 'integer'
            ? pathIdArbitrary(p.schema, pools)
            : fc.oneof(
                validValue(p.schema, pools),
                hostileValue.map((v) => new RawUrlText(asUrlText(v))),
              ),
        ]),
      ),
    ),
    query: fc.oneof(
      { weight: 6, arbitrary: queryArbitrary(inQuery, pools) },
      { weight: 1, arbitrary: randomQuery },
    ),
    body: body
      ? fc.oneof(
          { weight: 2, arbitrary: validValue(body, pools) },
          { weight: 8, arbitrary: perturbedValue(body, pools) },
          { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 4 }) },
          { weight: 1, arbitrary: rawBody },
        )
      : fc.oneof(
          { weight: 6, arbitrary: fc.constant(undefined) },
          { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
          { weight: 1, arbitrary: rawBody },
        ),
    // The Idempotency-Key header of creations (decision D5): absent, reused with another body, or odd.
    idempotencyKey: MUTATIONS.has(operation.method)
      ? fc.oneof(
          { weight: 6, arbitrary: fc.constant(undefined) },
          { weight: 2, arbitrary: fc.constantFrom('fuzz-reused-key', '', ' ', 'k'.repeat(4000), '../x') },
          { weight: 1, arbitrary: fc.uuid() },
        )
      : fc.constant(undefined),
  });
}

const CYRILLIC = /[а-яё]/i;

describe('fuzz of every mutation and list query', () => {
  let app: FastifyInstance;
  let fake: Awaited<ReturnType<typeof startFakeTelegram>>;
  let operations: Operation[];
  let fingerprint: Awaited<ReturnType<typeof fingerprinter>>;
  let cookie: string;
  let ownTeam: number;
  let foreignTeam: number;
  let pools: IdPools;
  let foreignPrint: string;
  /** The database as the last request left it. */
  let baseline: { whole: string[]; team: string };
  const serverErrors: string[] = [];
  const sent = { requests: 0, serverErrors: 0, refused: 0 };
  const started = Date.now();

  const signIn = async (key: string) => {
    const member = await demoMember(app.db, key);
    return { member, cookie: `addesk_session=${await startSession(app.db, member)}` };
  };

  const poolsOf = async (team: number) => {
    const own = await fingerprint.idsOf(team);
    const foreign = (await fingerprint.idsOf(foreignTeam)).filter((id) => !own.includes(id));
    return { own, foreign };
  };

  /** Signs the fuzzed team in again (a request may have ended its session or deleted it) and re-reads its ids. */
  const refresh = async () => {
    const alive = await app.inject({ url: '/api/settings', headers: { cookie } });
    if (alive.statusCode === 401) {
      const own = await signIn('fuzz');
      cookie = own.cookie;
      ownTeam = own.member.teamId;
    }
    pools = await poolsOf(ownTeam);
  };

  beforeAll(async () => {
    fake = await startFakeTelegram([
      { id: -1001, title: 'Канал о рекламе', username: 'fuzz_channel', botIsAdmin: true },
      { id: -1002, title: 'Дуров', username: 'durov' },
    ]);
    app = await createTestApp(
      { ...fake.env, LOG_LEVEL: 'error' },
      {
        logStream: {
          write: (line: string) => {
            serverErrors.push(line);
            if (serverErrors.length > 20) serverErrors.shift();
          },
        },
      },
    );
    operations = operationsOf((await app.inject({ url: '/api/docs/json' })).json());
    const own = await signIn('fuzz');
    const other = await signIn('fuzz-other');
    cookie = own.cookie;
    ownTeam = own.member.teamId;
    foreignTeam = other.member.teamId;
    fingerprint = await fingerprinter(app, foreignTeam);
    pools = await poolsOf(ownTeam);
    baseline = await fingerprint.take();
    foreignPrint = baseline.team;
  });
  afterAll(async () => {
    await app?.close();
    await fake?.close();
  });

  async function send(operation: Operation, request: FuzzRequest, twin: boolean) {
    const path = operation.path.replace(/\{(\w+)\}/g, (_, name: string) =>
      asUrlText(resolve(request.pathValues[name], twin)),
    );
    const query = request.query
      .map(([name, value]) => `${asUrlText(name)}=${asUrlText(resolve(value, twin))}`)
      .join('&');
    const url = query ? `${path}?${query}` : path;
    const headers: Record<string, string> = { cookie, ...sameOrigin };
    if (request.idempotencyKey !== undefined) headers['idempotency-key'] = request.idempotencyKey;
    let payload: string | undefined;
    if (request.body instanceof RawBody) {
      payload = request.body.text;
      headers['content-type'] = request.body.contentType;
    } else if (request.body !== undefined) {
      payload = JSON.stringify(resolve(request.body, twin));
      headers['content-type'] = 'application/json';
    }
    const response = await app.inject({
      method: operation.method,
      url,
      headers,
      ...(payload === undefined ? {} : { payload }),
    });
    const shortUrl = url.length > 200 ? `${url.slice(0, 200)}…` : url;
    return { response, what: `${operation.method} ${shortUrl} ${payload?.slice(0, 200) ?? ''}` };
  }

  /** The properties every answer keeps; returns the response for the twin comparison. */
  async function check(operation: Operation, request: FuzzRequest, twin: boolean) {
    const before = baseline;
    serverErrors.length = 0;
    const { response, what } = await send(operation, request, twin);
    sent.requests += 1;
    const status = response.statusCode;
    if (status >= 500) sent.serverErrors += 1;
    expect(
      status,
      `${what}\n=> ${status} ${response.body.slice(0, 300)}\n${serverErrors.join('\n')}`,
    ).toBeLessThan(500);
    if (status < 200 || status >= 300) {
      let body: unknown;
      try {
        body = response.json();
      } catch {
        body = response.body;
      }
      const parsed = errorBodySchema.safeParse(body);
      expect(parsed.success, `${what}\n=> ${status} ${response.body.slice(0, 300)}`).toBe(true);
      expect(parsed.data?.message, `${what}\n=> ${status}`).toMatch(CYRILLIC);
    }
    const after = await fingerprint.take();
    baseline = after;
    expect(after.team, `another team's data changed: ${what}\n=> ${status}`).toBe(foreignPrint);
    if (status >= 400) {
      sent.refused += 1;
      expect(
        after.whole,
        `a refused request changed the database: ${what}\n=> ${status} ${response.body.slice(0, 200)}`,
      ).toEqual(before.whole);
    } else if (MUTATIONS.has(operation.method)) {
      await refresh();
      baseline = await fingerprint.take();
    }
    return { response, what };
  }

  it('sees a committed write in the fingerprint, of the team it belongs to, and not a rolled-back one', async () => {
    const before = await fingerprint.take();
    await app.db.execute(sql`update sessions set expires_at = expires_at + interval '1 minute'`);
    await app.db
      .transaction(async (tx) => {
        await tx.execute(
          sql`update teams set min_gap_minutes = min_gap_minutes + 1 where id = ${foreignTeam}`,
        );
        tx.rollback();
      })
      .catch(() => undefined);
    // A session's expiry and a rolled-back change are no writes.
    expect(await fingerprint.take()).toEqual(before);
    await app.db.execute(
      sql`update teams set min_gap_minutes = min_gap_minutes + 1 where id = ${foreignTeam}`,
    );
    const after = await fingerprint.take();
    expect(after.team).not.toBe(before.team);
    expect(after.whole).not.toEqual(before.whole);
    baseline = after;
    foreignPrint = after.team;
  });

  it('finds every mutation and list query in the document', () => {
    const names = operations.map((o) => o.name);
    expect(names).toEqual(
      expect.arrayContaining([
        'POST /api/sale',
        'PATCH /api/purchase/{id}',
        'GET /api/sale/filter',
        'DELETE /api/account',
      ]),
    );
    expect(operations.length).toBeGreaterThanOrEqual(40);
  });

  // A seed per operation from its name: adding a route does not change what the others are sent.
  const seedOf = (name: string) => [...name].reduce((hash, c) => (hash * 31 + c.charCodeAt(0)) | 0, SEED);

  it('answers every operation without a 5xx, in the contract shape, changing nothing when it refuses', async () => {
    const failures: string[] = [];
    for (const operation of operations) {
      // The time limit abandons a run in flight (fast-check races it with a timer) without stopping it: its request
      // would land during the next operation's check, a "refused request that changed the database", or a 401 if it
      // ended the session. Each operation waits for its last run before the next one starts.
      let lastRun: Promise<unknown> = Promise.resolve();
      const result = await fc.check(
        fc.asyncProperty(requestArbitrary(operation, pools), (request) => {
          const run = runOnce(operation, request);
          lastRun = run.catch(() => undefined);
          return run;
        }),
        { seed: seedOf(operation.name), numRuns: RUNS, interruptAfterTimeLimit: 8_000 },
      );
      await lastRun;
      if (result.failed) {
        const error =
          result.errorInstance instanceof Error ? result.errorInstance.message : String(result.errorInstance);
        failures.push(
          `${operation.name} (seed ${result.seed}, after ${result.numRuns} runs, shrunk ${result.numShrinks} times): ${error.slice(0, 1500)}`,
        );
      }
    }
    expect(failures).toEqual([]);
  }, 600_000);

  /** One fuzzed request of an operation, and with a missing id in place of another team's when it names one. */
  async function runOnce(operation: Operation, request: FuzzRequest) {
    const { response, what } = await check(operation, request, false);
    if (!namesForeign(request, (id) => !pools.own.includes(id))) return;
    // Another team's id must be indistinguishable from an id nobody has (a creation that went through is
    // not repeated: the twin would meet what the first one made).
    if (response.statusCode < 300 && operation.method !== 'GET') return;
    const missing = await check(operation, request, true);
    const answers = `${what}\n=> ${response.statusCode} ${response.body.slice(0, 200)}\nwith a missing id => ${missing.response.statusCode} ${missing.response.body.slice(0, 200)}`;
    expect(response.statusCode, `another team's id answered unlike a missing one: ${answers}`).toBe(
      missing.response.statusCode,
    );
    if (response.statusCode < 300) expect(response.body, answers).toBe(missing.response.body);
    else expect(response.json().code, answers).toBe(missing.response.json().code);
  }

  it('sent no request that a server error answered', () => {
    console.info(
      `api fuzz: ${sent.requests} requests to ${operations.length} operations, ${sent.refused} refused, ` +
        `${sent.serverErrors} answered 5xx, ${Math.round((Date.now() - started) / 1000)} s`,
    );
    expect(sent.serverErrors).toBe(0);
  });
});
