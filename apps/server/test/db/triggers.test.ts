import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client.js';
import { freshDatabase } from '../helpers/test-app.js';

// src/db/triggers.sql is the readable copy of every trigger function and trigger the migrations leave live. This
// holds it to them: the database itself renders both sides (pg_get_functiondef, whose body is pg_proc.prosrc as
// written, and pg_get_triggerdef), so the file may spell a header or a WHEN clause its own way but not differ in what
// runs.

const TRIGGERS_FILE = new URL('../../src/db/triggers.sql', import.meta.url);

/** A definition with every run of whitespace made one space: indentation and line breaks are the file's own. */
const normalized = (definition: string) => definition.replace(/\s+/g, ' ').trim();

/**
 * Our functions (not an extension's) and our triggers (not the ones PostgreSQL makes for foreign keys), each by its
 * signature or its name and table, with its definition as the database renders it.
 */
async function liveDefinitions(database: Database) {
  const { rows: functions } = await database.pool.query<{ name: string; definition: string }>(`
    select p.oid::regprocedure::text as name, pg_get_functiondef(p.oid) as definition
    from pg_proc p
    where p.pronamespace = 'public'::regnamespace
      and not exists (select from pg_depend d
                      where d.classid = 'pg_proc'::regclass and d.objid = p.oid and d.deptype = 'e')`);
  const { rows: triggers } = await database.pool.query<{ name: string; table: string; definition: string }>(`
    select t.tgname as name, t.tgrelid::regclass::text as table, pg_get_triggerdef(t.oid) as definition
    from pg_trigger t
    where not t.tgisinternal`);
  const byName = (rows: { name: string; definition: string }[]) =>
    Object.fromEntries(rows.map((row) => [row.name, normalized(row.definition)]));
  return {
    functions: byName(functions),
    triggers: byName(triggers.map((t) => ({ name: `${t.name} on ${t.table}`, definition: t.definition }))),
  };
}

describe('the live triggers, in one readable file', () => {
  let database: Database;

  beforeAll(async () => {
    database = await freshDatabase();
  });
  afterAll(() => database.close());

  it('triggers.sql makes exactly the functions and triggers the migrations leave, body for body', async () => {
    const migrated = await liveDefinitions(database);
    expect(Object.keys(migrated.functions).length).toBeGreaterThan(0);
    // Nothing the migrations made may survive to stand in for what the file lacks.
    for (const name of Object.keys(migrated.triggers)) {
      const [trigger, table] = name.split(' on ');
      await database.pool.query(`drop trigger "${trigger}" on ${table}`);
    }
    for (const signature of Object.keys(migrated.functions)) {
      await database.pool.query(`drop function ${signature}`);
    }
    expect(await liveDefinitions(database)).toEqual({ functions: {}, triggers: {} });

    await database.pool.query(await readFile(TRIGGERS_FILE, 'utf8'));
    const fromFile = await liveDefinitions(database);

    expect(Object.keys(fromFile.functions).sort()).toEqual(Object.keys(migrated.functions).sort());
    expect(Object.keys(fromFile.triggers).sort()).toEqual(Object.keys(migrated.triggers).sort());
    expect(fromFile).toEqual(migrated);
  });

  it('no statement trigger asks EXISTS of its two transition tables joined', async () => {
    // With a limit of one the planner nests the loops over the two, and a bulk update that moves nothing then compares
    // every row with every other: 100 000 deals took over 90 s on PostgreSQL, 7 s counted (migration 0041).
    const { functions } = await liveDefinitions(database);
    const statementLevel = Object.entries(functions).filter(
      ([, body]) => body.includes('old_rows') && body.includes('new_rows'),
    );
    expect(statementLevel.length).toBeGreaterThan(2);
    const asking = statementLevel.filter(([, body]) =>
      /EXISTS \( ?SELECT [^;]*?FROM (old|new)_rows \w+ JOIN (old|new)_rows/i.test(body),
    );
    expect(asking.map(([name]) => name)).toEqual([]);
  });

  it('defines each function once, so the first definition a reader finds is the one that runs', async () => {
    const text = await readFile(TRIGGERS_FILE, 'utf8');
    const names = [...text.matchAll(/^CREATE OR REPLACE FUNCTION (\w+)\(/gm)].map((match) => match[1]);
    expect(names.length).toBeGreaterThan(0);
    expect(names.filter((name, i) => names.indexOf(name) !== i)).toEqual([]);
  });
});
