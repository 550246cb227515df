import { lt } from 'drizzle-orm';
import { jobs } from '../db/schema/index.js';
import type { Job } from './queue.js';

/** How long a finished job is kept: to read what ran and failed, and to refuse an update Telegram sends again. */
export const KEEP_DONE_MS = 7 * 24 * 60 * 60_000;

/** Deletes jobs finished more than a week ago, once an hour. */
export const jobsCleanup: Job = {
  kind: 'jobs-cleanup',
  everyMs: 60 * 60_000,
  async run({ db, now }) {
    await db.delete(jobs).where(lt(jobs.doneAt, new Date(now().getTime() - KEEP_DONE_MS)));
  },
};
