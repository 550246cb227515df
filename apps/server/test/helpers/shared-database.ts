import { inject } from 'vitest';
import { type Database, openDatabase } from '../../src/db/client.js';
import { freshDatabase, newPostgresDatabase } from './test-app.js';

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
  const created = await newPostgresDatabase(provided);
  const first = await openDatabase({ url: created.url });
  const second = await openDatabase({ url: created.url });
  return {
    first,
    second: {
      ...second,
      async close() {
        await second.close();
        await created.drop();
      },
    },
  };
}
