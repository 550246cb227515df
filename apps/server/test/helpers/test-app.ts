import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { type AppOptions, buildApp } from '../../src/app.js';
import { type Database, openDatabase } from '../../src/db/client.js';
import { loadConfig } from '../../src/env.js';

/** A new PostgreSQL database copied from the migrated template, and how to drop it. */
export async function newPostgresDatabase(provided: { adminUrl: string; template: string }) {
  const name = `addesk_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: provided.adminUrl });
  await admin.connect();
  await admin.query(`create database ${name} template ${provided.template}`);
  const url = new URL(provided.adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

/** A fresh, migrated database of its own for one test file: in-memory PGlite, or a new PostgreSQL database. */
export async function freshDatabase(): Promise<Database> {
  const provided = inject('database');
  if (provided.kind === 'pglite') {
    return openDatabase({ memory: true, loadFrom: provided.snapshot });
  }
  const created = await newPostgresDatabase(provided);
  const database = await openDatabase({ url: created.url });
  return {
    ...database,
    async close() {
      await database.close();
      await created.drop();
    },
  };
}

export const PUBLIC_URL = 'http://localhost:3000';

export function testConfig(env: Record<string, string> = {}) {
  // Suites send hundreds of calls a minute from one address; the limit's own test sets it low.
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DEMO_LOGIN: '1',
    PUBLIC_URL,
    API_PER_MINUTE: '1000000',
    // The loops run with a bot unless a test drives them by hand; without one they stay off, so the suites' own calls
    // are the only work (the server runs them either way: the post watcher needs no bot).
    BACKGROUND_JOBS: env.TELEGRAM_BOT_TOKEN ? '1' : '0',
    // A fixed key seals the ОРД keys in every suite, on either database.
    SECRETS_KEY: '5e'.repeat(32),
    ...env,
  });
}

export async function createTestApp(
  env: Record<string, string> = {},
  options: Pick<AppOptions, 'webRoot' | 'logStream' | 'clock'> = {},
): Promise<FastifyInstance> {
  const app = await buildApp({
    config: testConfig(env),
    database: await freshDatabase(),
    webRoot: false,
    ...options,
  });
  await app.ready();
  return app;
}

/** The value of a Set-Cookie header's cookie, or undefined when the response does not set it. */
export function cookieFrom(setCookie: string | string[] | undefined, name: string): string | undefined {
  const headers = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  for (const header of headers) {
    const match = header.match(new RegExp(`^${name}=([^;]*)`));
    if (match) return match[1];
  }
  return undefined;
}

/** Signs in through the demo sign-in (each key is its own team with sample data) and returns the cookie header. */
export async function signInDemo(app: FastifyInstance, key = 'demo'): Promise<{ cookie: string }> {
  const response = await app.inject({ method: 'GET', url: `/api/auth/login?authBy=demo&as=${key}` });
  const token = cookieFrom(response.headers['set-cookie'], 'addesk_session');
  if (!token) throw new Error(`demo sign-in failed: ${response.statusCode} ${response.body}`);
  return { cookie: `addesk_session=${token}` };
}

/** Mutations from the app's own pages carry its Origin; tests send it too. */
export const sameOrigin = { origin: PUBLIC_URL };

/** A call with these session headers (none: signed out), from the app's own origin when it writes. */
export const callWith = (
  app: FastifyInstance,
  headers: { cookie: string } | undefined,
  method: string,
  url: string,
  payload?: object,
) =>
  app.inject({
    method: method as 'GET',
    url,
    headers: { ...(headers ?? {}), ...(method === 'GET' ? {} : sameOrigin) },
    ...(payload ? { payload } : {}),
  });
