import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { containsText } from '../../db/contains.js';
import { lockTeamDataVersion } from '../../db/locks.js';
import { contacts, externalChannels } from '../../db/schema/index.js';

/** The two kinds of counterpart record (external channels, contacts) share their shape and their rules. */
export const counterpartTables = { externalChannel: externalChannels, contact: contacts } as const;
export type CounterpartKind = keyof typeof counterpartTables;
export type Counterpart = {
  id?: number | undefined;
  name: string;
  username?: string | undefined;
  telegramId?: number | undefined;
  iconLink?: string | null | undefined;
};

export async function counterpartExists(db: Db, kind: CounterpartKind, teamId: number, id: number) {
  const table = counterpartTables[kind];
  const [row] = await db
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.teamId, teamId), eq(table.id, id)));
  return row !== undefined;
}

/**
 * The team's record for a counterpart: the one with this Telegram username (its name and picture refreshed), or the
 * one of this name without a username, or a new one. So the same channel or person entered twice is one record, also
 * when two requests enter it at the same moment: each case is one INSERT ... ON CONFLICT on its unique index.
 * Drizzle cannot name an expression index as the conflict target: the statements are written out. The team's data
 * version is locked first (see lockTeamDataVersion): twin deals of which one wrote an external channel before the
 * contact deadlocked with one that wrote the contact alone.
 */
export async function upsertCounterpart(db: Db, kind: CounterpartKind, teamId: number, input: Counterpart) {
  const table = counterpartTables[kind];
  await lockTeamDataVersion(db, teamId);
  const name = input.name || (input.username ? `@${input.username}` : '');
  const result = await db.execute<{ id: string }>(
    input.username
      ? sql`
      insert into ${table} (team_id, name, username, telegram_id, icon_link)
      values (${teamId}, ${name}, ${input.username}, ${input.telegramId ?? null}, ${input.iconLink ?? null})
      on conflict (team_id, lower(username)) where username is not null do update set
        name = case when ${input.name} = '' then ${table}.name else excluded.name end,
        icon_link = coalesce(excluded.icon_link, ${table}.icon_link),
        telegram_id = coalesce(excluded.telegram_id, ${table}.telegram_id)
      returning id::text as id`
      : // A no-op update, so that RETURNING answers the existing record, left as it was.
        sql`
      insert into ${table} (team_id, name, icon_link)
      values (${teamId}, ${name}, ${input.iconLink ?? null})
      on conflict (team_id, lower(name)) where username is null do update set name = ${table}.name
      returning id::text as id`,
  );
  const row = result.rows[0];
  if (!row) throw new Error('counterpart upsert returned nothing');
  return Number(row.id);
}

export function listCounterparts(
  db: Db,
  kind: CounterpartKind,
  teamId: number,
  page: { limit: number; afterId: number | undefined; q: string | undefined },
) {
  const table = counterpartTables[kind];
  return db
    .select({
      id: table.id,
      name: table.name,
      username: table.username,
      telegramId: table.telegramId,
      iconLink: table.iconLink,
    })
    .from(table)
    .where(
      and(
        eq(table.teamId, teamId),
        page.afterId === undefined ? undefined : gt(table.id, page.afterId),
        page.q ? containsText(page.q, table.name) : undefined,
      ),
    )
    .orderBy(asc(table.id))
    .limit(page.limit + 1);
}
