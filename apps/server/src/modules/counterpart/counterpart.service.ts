import type { PageQuery } from '@addesk/contract';
import type { Db } from '../../db/client.js';
import { notFound } from '../../lib/app-error.js';
import type { Caller } from '../../lib/caller.js';
import { decodeCursor, idCursor, toPage } from '../../lib/cursor.js';
import { type CounterpartRow, presentCounterpart } from './counterpart.presenter.js';
import * as repo from './counterpart.repository.js';

/** A counterpart as a deal's payload names it: an existing record by id, or a Telegram link and a name. */
export type CounterpartInput = {
  id?: number | undefined;
  name: string;
  channelLink?: string | undefined;
  profileLink?: string | undefined;
  externalChannelId?: number | undefined;
  externalUserId?: number | undefined;
  iconLink?: string | null | undefined;
};

/** The id of the team's record for a deal's counterpart; null when the deal names none. */
export async function resolveCounterpart(
  tx: Db,
  kind: repo.CounterpartKind,
  caller: Caller,
  input: CounterpartInput | null,
): Promise<number | null> {
  if (input === null) return null;
  if (input.id !== undefined) {
    if (!(await repo.counterpartExists(tx, kind, caller.teamId, input.id))) {
      throw notFound(kind === 'contact' ? 'Контакт не найден' : 'Внешний канал не найден');
    }
    return input.id;
  }
  const username = input.channelLink ?? input.profileLink;
  if (!username && !input.name) return null;
  return repo.upsertCounterpart(tx, kind, caller.teamId, {
    name: input.name,
    username,
    telegramId: input.externalChannelId ?? input.externalUserId,
    iconLink: input.iconLink,
  });
}

export async function listCounterparts<K extends repo.CounterpartKind>(
  db: Db,
  caller: Caller,
  kind: K,
  query: PageQuery & { q?: string | undefined },
) {
  const show = presentCounterpart[kind] as (
    row: CounterpartRow,
  ) => ReturnType<(typeof presentCounterpart)[K]>;
  const after = decodeCursor(query.cursor, idCursor);
  const rows = await repo.listCounterparts(db, kind, caller.teamId, {
    limit: query.limit,
    afterId: after?.[0],
    q: query.q,
  });
  return toPage(rows, query.limit, show, (row) => [row.id]);
}

export { presentCounterpart } from './counterpart.presenter.js';
