// How long the private calendar feed takes to answer with 10,000 placements (issue 14: under a second).
//
//   npx tsx bench/calendar-feed.ts [--placements 10000] [--rounds 10]
//   scripts/with-postgres.sh bash -c 'DATABASE_URL=$TEST_DATABASE_URL npx tsx bench/calendar-feed.ts'
//
// A new team with that many placements spread over the feed's window (30 days back, 180 ahead; every twelfth deal
// cancelled), in an in-memory PGlite or the PostgreSQL database DATABASE_URL names. Each round is one GET of the feed
// through the app's own route, service and repository (app.inject: the real path without the network): cold (first),
// warm rounds, one compressed as calendar apps ask (gzip), one answering 304 to the ETag it was given; then the
// database query alone. Prints the timings in milliseconds and the size of the feed.
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.js';
import { openDatabase } from '../apps/server/src/db/client.js';
import { loadConfig } from '../apps/server/src/env.js';
import { signIn, startSession } from '../apps/server/src/modules/auth/auth.service.js';
import { listPlacements } from '../apps/server/src/modules/calendar-feed/calendar-feed.repository.js';

const { values } = parseArgs({
  options: { placements: { type: 'string', default: '10000' }, rounds: { type: 'string', default: '10' } },
});
const placements = Number(values.placements);
const rounds = Number(values.rounds);
const databaseUrl = process.env.DATABASE_URL;
const publicUrl = 'http://localhost:3000';

const database = await openDatabase(databaseUrl ? { url: databaseUrl } : { memory: true });
await database.migrate();
const { db } = database;

const master = await signIn(
  db,
  { provider: 'bench', subject: `calendar-feed-${Date.now()}` },
  { firstName: 'Бенч', secondName: 'Календарь', iconLink: null },
);
const team = master.teamId;
await db.execute(sql`
  insert into channels (team_id, name, telegram_nick_name, owner_employee_id)
  select ${team}::bigint, 'Канал ' || g, 'feed_bench_' || g, ${master.employeeId}::bigint from generate_series(1, 25) g`);
for (const table of ['external_channels', 'contacts'] as const) {
  await db.execute(sql`
    insert into ${sql.raw(table)} (team_id, name, username)
    select ${team}::bigint, 'Контрагент ' || g, 'feed_bench_${sql.raw(table)}_' || g from generate_series(1, 500) g`);
}
// Placements evenly over 209 days from 29 days back; half the deals name a contact, the rest only the other channel.
await db.execute(sql`
  with refs as (
    select
      (select array_agg(id order by id) from channels where team_id = ${team}::bigint) as channel_ids,
      (select array_agg(id order by id) from external_channels where team_id = ${team}::bigint) as external_ids,
      (select array_agg(id order by id) from contacts where team_id = ${team}::bigint) as contact_ids
  )
  insert into deals (team_id, kind, channel_id, external_channel_id, contact_id, status_id, placement_at,
    duration_type, hours_in_top, price, deal_date)
  select ${team}::bigint, case when g % 2 = 0 then 'sale' else 'purchase' end,
    channel_ids[1 + g % array_length(channel_ids, 1)],
    external_ids[1 + (g * 7) % array_length(external_ids, 1)],
    case when g % 4 < 2 then contact_ids[1 + (g * 13) % array_length(contact_ids, 1)] end,
    case when g % 12 = 0 then (case when g % 2 = 0 then 7 else 16 end) else (case when g % 2 = 0 then 4 else 13 end) end,
    now() - interval '29 days' + (g::float8 / ${placements}::int) * interval '208 days',
    'INFINITY', g % 3, 1000, current_date
  from refs, generate_series(1, ${placements}::int) g`);
await db.execute(sql`analyze`);

const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', PUBLIC_URL: publicUrl });
const app = await buildApp({ config, database, webRoot: false });
try {
  const cookie = `addesk_session=${await startSession(db, master)}`;
  const on = await app.inject({
    method: 'POST',
    url: '/api/calendar/feed',
    headers: { cookie, origin: publicUrl },
  });
  const path = new URL((on.json() as { url: string }).url).pathname;

  const times: number[] = [];
  let body = '';
  let etag = '';
  for (let round = 0; round <= rounds; round += 1) {
    const started = performance.now();
    const response = await app.inject({ url: path });
    times.push(performance.now() - started);
    if (response.statusCode !== 200) throw new Error(`GET feed: ${response.statusCode} ${response.body}`);
    body = response.body;
    etag = String(response.headers.etag);
  }
  // As calendar apps ask for it: compressed.
  const gzipStarted = performance.now();
  const gzipped = await app.inject({ url: path, headers: { 'accept-encoding': 'gzip' } });
  const gzipMs = performance.now() - gzipStarted;
  if (gzipped.headers['content-encoding'] !== 'gzip') throw new Error('the feed was not compressed');

  const started = performance.now();
  const notModified = await app.inject({ url: path, headers: { 'if-none-match': etag } });
  const notModifiedMs = performance.now() - started;
  if (notModified.statusCode !== 304) throw new Error(`GET feed with ETag: ${notModified.statusCode}`);

  // The query alone, to tell the database's share from the printing of the feed.
  const queryTimes: number[] = [];
  for (let round = 0; round < 5; round += 1) {
    const queried = performance.now();
    await listPlacements(
      db,
      team,
      new Date(Date.now() - 31 * 86_400_000),
      new Date(Date.now() + 181 * 86_400_000),
    );
    queryTimes.push(performance.now() - queried);
  }
  queryTimes.sort((a, b) => a - b);

  const [cold, ...warm] = times;
  const sorted = [...warm].sort((a, b) => a - b);
  const ms = (n: number | undefined) => `${(n ?? Number.NaN).toFixed(0)} ms`;
  console.log(
    JSON.stringify({
      database: databaseUrl ? 'postgres' : 'pglite (in memory)',
      placements,
      events: body.split('BEGIN:VEVENT').length - 1,
      bytes: Buffer.byteLength(body),
      cold: ms(cold),
      warmMedian: ms(sorted[Math.floor(sorted.length / 2)]),
      warmMin: ms(sorted[0]),
      warmMax: ms(sorted.at(-1)),
      gzip: ms(gzipMs),
      gzipBytes: gzipped.rawPayload.length,
      notModified: ms(notModifiedMs),
      queryMedian: ms(queryTimes[2]),
    }),
  );
} finally {
  await app.close();
}
