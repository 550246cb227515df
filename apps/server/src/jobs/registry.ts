import { inviteLinkJobs } from '../modules/attribution/attribution.links.js';
import { remindersJobs } from '../modules/reminders/reminders.jobs.js';
import { subscribersJobs } from '../modules/subscribers/subscribers.jobs.js';
import { telegramUpdateJob } from '../modules/telegram/updates.js';
import { jobsCleanup } from './cleanup.js';
import type { Job } from './queue.js';

/**
 * Every kind of job the worker runs (decisions 019). A job enqueued under a kind missing here waits untouched.
 * Add yours with one import and one entry.
 */
export const registry: readonly Job<never>[] = [
  jobsCleanup,
  telegramUpdateJob,
  ...subscribersJobs,
  ...inviteLinkJobs,
  ...remindersJobs,
];
