import { PGlite } from '@electric-sql/pglite';
import { buildApp } from '../../apps/server/src/app.js';
import { openDatabase } from '../../apps/server/src/db/client.js';
import { loadConfig } from '../../apps/server/src/env.js';
import { startSession } from '../../apps/server/src/modules/auth/auth.service.js';
import { fillBigTeam } from './data.js';

const client = await PGlite.create();
const database = await openDatabase({ pglite: client });
await database.migrate();
const master = await fillBigTeam(
  database.db,
  { dealsPerKind: 20000, channels: 25, employees: 40, counterparts: 500, smallTeams: 0 },
  () => {},
);
const token = await startSession(database.db, master);
const app = await buildApp({ config: loadConfig({ LOG_LEVEL: 'silent' }), database, webRoot: false });
const headers = { cookie: `addesk_session=${token}` };
const time = async (label: string, url: string, n = 200) => {
  for (let i = 0; i < 20; i++) await app.inject({ url, headers });
  const t = performance.now();
  for (let i = 0; i < n; i++) await app.inject({ url, headers });
  console.log(label, ((performance.now() - t) / n).toFixed(2), 'ms/request');
};
await time('filter 50', '/api/sale/filter');
await time('filter 1', '/api/sale/filter?limit=1');
await time('employee', '/api/employee');
await time('health', '/api/health');

const { listDeals } = await import('../../apps/server/src/modules/deal/deal.repository.js');
const built = listDeals(database.db, master.teamId, 'sale', {}, { limit: 50, after: undefined }).toSQL();
const again = await openDatabase({ pglite: client });
const plan = await client.query(`EXPLAIN (ANALYZE) ${built.sql}`, built.params);
console.log(
  (plan.rows as Record<string, string>[])
    .map((r) => Object.values(r)[0])
    .filter((l) => /Time/.test(String(l)))
    .join('\n'),
);
const t = performance.now();
for (let i = 0; i < 50; i++) await client.query(built.sql, built.params);
console.log('raw query', ((performance.now() - t) / 50).toFixed(2), 'ms');
void again;
