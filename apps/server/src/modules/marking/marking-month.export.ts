import type { ExportFormat } from '@addesk/contract';
import type { Db } from '../../db/client.js';
import type { SessionCaller } from '../../lib/caller.js';
import { day, type ExportFile, exportFile, money, text } from '../../lib/files/file.js';
import { type Cell, type Column, EXPORT_BATCH } from '../../lib/files/table.js';
import * as repo from './marking-month.repository.js';
import { monthDealOf, monthSpan } from './marking-month.service.js';
import { vatOf } from './marking-report.facts.js';
import { contractExternalId, creativeExternalId, dealPadExternalId } from './ord-ids.js';

// The month's rows for a manual upload to an ОРД (issue 35): a team without an API key fills VK ОРД's cabinet from
// this file. Each column is named as VK ОРД's API names the field (vk-ord.openapi.yaml: `POST /v3/statistics`'s
// StatisticsV3Item and an invoice item's InvoiceV3Item, its creative and platform; a nested field by its path, the VAT
// rate as InvoiceV4AmountElementVatRate names it), and the external ids and amounts are those a registration and the
// month's sending use (ord-ids.ts, marking-report.facts.ts), so what was sent and what is uploaded match.

export const markingExportColumns: Column[] = [
  text('contract_external_id', 28),
  text('creative_external_id', 28),
  text('erid', 22),
  text('pad_external_id', 24),
  text('shows_count', 12),
  day('date_start_actual'),
  day('date_end_actual'),
  text('pay_type', 10),
  money('amount.excluding_vat'),
  text('amount.vat_rate', 10),
  money('amount.vat'),
  money('amount.including_vat'),
];

/** A deal's row: the figures of its line in the month's JSON (`monthDealOf`), the same in both places. */
function cellsOf(teamId: number, timeZone: string) {
  return (row: repo.MonthDealRow): Cell[] => {
    const deal = monthDealOf(row, timeZone);
    const amount = vatOf(deal.amount, row.contract?.vatIncluded ?? false, deal.date);
    return [
      contractExternalId(teamId, deal.id),
      creativeExternalId(teamId, deal.id),
      deal.erid,
      // Where the post went out, as the registration named it: our channel for a sale, the seller's for a purchase.
      dealPadExternalId(teamId, deal.kind, {
        channelId: deal.channel.id,
        externalChannelId: row.externalChannelId,
      }),
      deal.views === null ? null : String(deal.views),
      // A post's campaign is its placement day: the start and the end within the month, as the ОРД requires.
      deal.date,
      deal.date,
      'other',
      amount.excluding,
      amount.rate,
      amount.vat,
      amount.including,
    ];
  };
}

/** The month's deals in keyset batches: the next batch is read while this one is written out. */
async function* batches(
  db: Db,
  teamId: number,
  span: repo.MonthSpan,
  cells: (row: repo.MonthDealRow) => Cell[],
) {
  const read = (after: repo.MonthCursor | undefined) =>
    repo.listMonthDeals(db, teamId, span, { limit: EXPORT_BATCH - 1, after });
  let next = read(undefined);
  try {
    for (;;) {
      const rows = await next;
      const last = rows.length === EXPORT_BATCH ? rows.at(-1) : undefined;
      if (last) next = read({ placementAt: last.placementAt.toISOString(), id: last.id });
      yield rows.map(cells);
      if (!last) return;
    }
  } finally {
    // An aborted download leaves the batch read ahead unused; its failure is nobody's to report.
    next.catch(() => {});
  }
}

/** `GET /api/marking/months/{yyyy-mm}/export`: `marking-2026-11.xlsx` (or .csv), streamed. */
export function markingMonthExport(
  db: Db,
  caller: SessionCaller,
  month: string,
  format: ExportFormat,
): ExportFile {
  const span = monthSpan(month, caller.timeZone);
  return exportFile('marking', month, format, {
    columns: markingExportColumns,
    batches: batches(db, caller.teamId, span, cellsOf(caller.teamId, caller.timeZone)),
  });
}
