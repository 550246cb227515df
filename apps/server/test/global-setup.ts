import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client.js';

declare module 'vitest' {
  export interface ProvidedContext {
    database: { kind: 'pglite'; snapshot: string } | { kind: 'postgres'; adminUrl: string; template: string };
  }
}

/**
 * Migrates once per run: a PGlite snapshot that each test file loads (0.6 s instead of 2-3 s to create and migrate),
 * or, when TEST_DATABASE_URL points at a PostgreSQL server, a template database each test file clones.
 */
export default async function setup(project: TestProject) {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    const template = `addesk_template_${process.pid}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${template}`);
    const url = new URL(adminUrl);
    url.pathname = `/${template}`;
    const database = await openDatabase({ url: url.toString() });
    await database.migrate();
    await database.close();
    project.provide('database', { kind: 'postgres', adminUrl, template });
    return async () => {
      await admin.query(`drop database if exists ${template} with (force)`);
      await admin.end();
    };
  }
  const dir = await mkdtemp(join(tmpdir(), 'addesk-test-'));
  const snapshot = join(dir, 'migrated.tar.gz');
  const database = await openDatabase({ memory: true, saveTo: snapshot });
  await database.migrate();
  await database.close();
  project.provide('database', { kind: 'pglite', snapshot });
  return () => rm(dir, { recursive: true, force: true });
}
