import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

/**
 * An empty database for one run of a benchmark, and how the product server reaches it: a PGlite folder of its own,
 * or a new database on the PostgreSQL of TEST_DATABASE_URL (the root scripts start a throwaway one). Cleaned up after.
 */
export async function scratchDatabase(kind: 'pglite' | 'postgres', name: string) {
  if (kind === 'pglite') {
    const dataDir = await mkdtemp(join(tmpdir(), `${name}-`));
    return {
      env: { DATA_DIR: dataDir, DATABASE_URL: '' } as Record<string, string>,
      cleanup: () => rm(dataDir, { recursive: true, force: true }),
    };
  }
  const adminUrl = process.env.TEST_DATABASE_URL as string;
  const database = `${name.replaceAll('-', '_')}_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${database}`);
  await admin.query(`create database ${database}`);
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  return {
    env: { DATABASE_URL: url.toString() } as Record<string, string>,
    cleanup: async () => {
      await admin.query(`drop database if exists ${database} with (force)`);
      await admin.end();
    },
  };
}
