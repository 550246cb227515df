import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineProject } from 'vitest/config';

const root = dirname(fileURLToPath(import.meta.url));
const testDir = join(root, 'test');

/**
 * Whether a test file runs on the run's database (`inject('database')`: PGlite by default, PostgreSQL under
 * TEST_DATABASE_URL), in its own text or through the test helpers it imports. The others (pure functions, the
 * embedded database's own files and processes, the migrations replayed on in-memory PGlite) do the same thing on
 * either run.
 */
function usesRunDatabase(file: string, seen = new Set<string>()): boolean {
  if (seen.has(file)) return false;
  seen.add(file);
  const text = readFileSync(file, 'utf8');
  if (text.includes("inject('database')")) return true;
  return [...text.matchAll(/from '(\.{1,2}\/[^']+)\.js'/g)].some(([, path]) => {
    const imported = resolve(dirname(file), `${path}.ts`);
    return imported.startsWith(testDir) && usesRunDatabase(imported, seen);
  });
}

/**
 * The PostgreSQL pass (.ci/run, scripts/with-postgres.sh) runs the files that can answer differently there: those on
 * the run's database. Not the API fuzz: it holds the edge (validation, error shapes, tenancy), which the engine
 * under it does not change, and at 45 to 65 s it runs once, on PGlite with `npm test`.
 */
const postgresFiles = () =>
  readdirSync(testDir, { recursive: true, encoding: 'utf8' })
    .filter((path) => path.endsWith('.test.ts') && !path.startsWith('fuzz/'))
    .map((path) => join(testDir, path))
    .filter((file) => usesRunDatabase(file))
    .map((file) => relative(root, file));

export default defineProject({
  test: {
    name: 'server',
    include: process.env.TEST_DATABASE_URL ? postgresFiles() : ['test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    // The files of a worker share one module graph: importing the app (Fastify, Drizzle, PGlite) afresh for every
    // file was a quarter of the suite's CPU (import 66 s of 308 s, to 7.5 s). Safe because every file builds its own
    // app on its own database, and what the server keeps in memory is kept per database (WeakMaps keyed by it).
    isolate: false,
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
