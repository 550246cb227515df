import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { type Database, openDatabase } from '../../src/db/client.js';
import { freshDatabase } from './test-app.js';

/**
 * One fresh database opened twice, as two server processes open it: two connection pools on PostgreSQL. PGlite
 * admits one process, so there both handles are the one database, closed with the second: an app on `first`
 * closed and a new one on `second` is also a restart on the same data.
 */
export async function sharedDatabase(): Promise<{ first: Database; second: Database }> {
  const provided = inject('database');
  if (provided.kind === 'pglite') {
    const database = await freshDatabase();
    const keep = { ...database, close: async () => undefined };
    return { first: keep, second: database };
  }
  const name = `addesk_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: provided.adminUrl });
  await admin.connect();
  await admin.query(`create database ${name} template ${provided.template}`);
  const url = new URL(provided.adminUrl);
  url.pathname = `/${name}`;
  const first = await openDatabase({ url: url.toString() });
  const second = await openDatabase({ url: url.toString() });
  return {
    first,
    second: {
      ...second,
      async close() {
        await second.close();
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      },
    },
  };
}
