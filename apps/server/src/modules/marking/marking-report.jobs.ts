import type { Job } from '../../jobs/queue.js';
import { dayOf } from '../../lib/dates.js';
import { OrdError } from '../ord/index.js';
import { invoiceBody, type ReportInput, statisticsBody } from './marking-report.facts.js';
import * as repo from './marking-report.repository.js';
import { REPORT, type ReportPayload } from './marking-report.service.js';
import { NO_ORD_KEY, ordClientForTeam } from './ord-account.service.js';
import { invoiceExternalId } from './ord-ids.js';

const NO_VIEWS = 'Нет числа просмотров: введите его в отчёте за месяц';

/**
 * Sends a deal's month report: its statistics first (the post's views), then its act, each only while queued, each
 * noted done as the ОРД accepts it, so a retry sends only the rest (and the ОРД's own ids make a repeat harmless). A
 * refused key or refused data fails that part at once with the ОРД's words, no retry; an ОРД that does not answer
 * throws, so the queue tries again later, and on the queue's last try the part is failed with the reason.
 */
const reportJob: Job<ReportPayload> = {
  kind: REPORT,
  async run(ctx, { teamId, dealId }) {
    const { db } = ctx;
    const deal = await repo.findReportDeal(db, teamId, dealId);
    if (!deal) return;
    const parts = (['statistics', 'act'] as const).filter((part) => deal[part] === 'queued');
    if (parts.length === 0) return;
    const client = await ordClientForTeam(db, ctx.config, teamId);
    if (!client) {
      for (const part of parts) await repo.noteReport(db, teamId, dealId, part, 'failed', NO_ORD_KEY);
      return;
    }
    const input: ReportInput = {
      teamId,
      kind: deal.kind,
      dealId,
      channelId: deal.channelId,
      externalChannelId: deal.externalChannelId,
      day: dayOf(deal.placementAt, deal.timeZone),
      views: deal.views === null ? null : Number(deal.views),
      price: Number(deal.price),
      vatIncluded: deal.contract?.vatIncluded ?? false,
    };
    for (const part of parts) {
      try {
        if (part === 'statistics') {
          if (input.views === null) {
            await repo.noteReport(db, teamId, dealId, part, 'failed', NO_VIEWS);
            continue;
          }
          await client.postStatistics(statisticsBody({ ...input, views: input.views }));
        } else await client.putInvoice(invoiceExternalId(teamId, dealId), invoiceBody(input));
        await repo.noteReport(db, teamId, dealId, part, 'done', null);
      } catch (error) {
        if (!(error instanceof OrdError)) throw error;
        if (error.kind !== 'unavailable') {
          await repo.noteReport(db, teamId, dealId, part, 'failed', error.message);
          continue;
        }
        if (!ctx.lastAttempt) throw error;
        await repo.noteReport(db, teamId, dealId, part, 'failed', error.message);
      }
    }
  },
};

/** The month report's jobs, for the worker's registry. */
export const reportJobs = [reportJob];
