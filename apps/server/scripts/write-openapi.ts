// Writes the OpenAPI document the server publishes at /api/docs/json to a file, for the linter (npm run lint:openapi):
//   tsx apps/server/scripts/write-openapi.ts OUT.json
// The app is built as the server builds it, without listening and without a database: the PostgreSQL pool connects
// on its first query, and building the app and its document makes none (about 2 s instead of PGlite's 3-8 s start).
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { buildApp } from '../src/app.js';
import { openDatabase } from '../src/db/client.js';
import { loadConfig } from '../src/env.js';

const out = process.argv[2];
if (!out) {
  console.error('usage: tsx apps/server/scripts/write-openapi.ts OUT.json');
  process.exit(2);
}

const config = loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent' });
const database = await openDatabase({ url: 'postgres://127.0.0.1:1/never-connected' });
const app = await buildApp({ config, database, webRoot: false });
await app.ready();
const file = resolve(process.env.INIT_CWD ?? process.cwd(), out);
mkdirSync(dirname(file), { recursive: true });
writeFileSync(file, `${JSON.stringify(app.swagger(), null, 2)}\n`);
await app.close();
