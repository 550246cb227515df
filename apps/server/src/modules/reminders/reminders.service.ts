import type { Db } from '../../db/client.js';
import { enqueue } from '../../jobs/queue.js';
import { POST_REMINDER, type PostEvent } from './reminders.jobs.js';

// The reminders' public file: other modules ask for a message to a deal's person here.

/**
 * Tells the purchase's person (once per event and deal) that its post was pushed out of the top or deleted before its
 * agreed time; in the caller's transaction, so a reading that is rolled back asks for nothing.
 */
export async function remindOfPost(
  db: Db,
  reminder: { teamId: number; dealId: number; event: PostEvent; at: Date },
) {
  await enqueue(db, {
    kind: POST_REMINDER,
    key: `${reminder.event}:${reminder.teamId}:${reminder.dealId}`,
    payload: { ...reminder, at: reminder.at.toISOString() },
    teamId: reminder.teamId,
  });
}
