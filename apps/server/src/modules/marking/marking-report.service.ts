import type { Db } from '../../db/client.js';
import { enqueue } from '../../jobs/queue.js';
import { AppError } from '../../lib/app-error.js';
import type { SessionCaller } from '../../lib/caller.js';
import { monthSpan } from './marking-month.service.js';
import * as repo from './marking-report.repository.js';
import { hasOrdKey, NO_ORD_KEY } from './ord-account.service.js';

// 'Отправить в ОРД' for a month (issue 35): the request only queues; the report job (marking-report.jobs.ts) sends
// each deal's statistics and act and notes what the ОРД answered.

export const REPORT = 'marking.report';
export type ReportPayload = { teamId: number; dealId: number };

/**
 * `POST /api/marking/months/{yyyy-mm}/send`: for each deal of the month we registered, with its erid, whose statistics
 * or act the ОРД has not accepted nor is about to be sent, marks them queued and queues a job, in one transaction:
 * the marks and the jobs commit together or not at all. A second click finds them queued and queues nothing.
 */
export function sendMonth(db: Db, caller: SessionCaller, month: string) {
  return db.transaction(async (tx) => {
    if (!(await hasOrdKey(tx, caller.teamId))) throw new AppError('VALIDATION_ERROR', NO_ORD_KEY);
    const dealIds = await repo.queueMonthReports(tx, caller.teamId, monthSpan(month, caller.timeZone));
    const requested = `${Date.now()}:${Math.random().toString(36).slice(2)}`;
    for (const dealId of dealIds) {
      const payload: ReportPayload = { teamId: caller.teamId, dealId };
      // One job per request that queued it: a send again after a failure is a new job.
      await enqueue(tx, {
        kind: REPORT,
        key: `${caller.teamId}:${dealId}:${requested}`,
        payload,
        teamId: caller.teamId,
      });
    }
    return { queued: dealIds.length };
  });
}
