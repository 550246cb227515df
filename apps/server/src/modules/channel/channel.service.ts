import type { PageQuery } from '@addesk/contract';
import type { Db } from '../../db/client.js';
import { decodeCursor, idCursor, toPage } from '../../lib/cursor.js';
import type { Caller } from '../../plugins/session.js';
import * as repo from './channel.repository.js';

export async function listChannels(db: Db, caller: Caller, query: PageQuery) {
  const after = decodeCursor(query.cursor, idCursor);
  const { rows, total } = await repo.listChannels(db, caller.teamId, {
    limit: query.limit,
    afterId: after?.[0],
  });
  return {
    ...toPage(
      rows,
      query.limit,
      (row) => row,
      (row) => [row.id],
    ),
    total,
  };
}
