import type { ExportFormat, PayrollQuery } from '@addesk/contract';
import type { Db } from '../../db/client.js';
import type { SessionCaller } from '../../lib/caller.js';
import { day, type ExportFile, exportFile, money, text } from '../../lib/files/file.js';
import type { Cell } from '../../lib/files/table.js';
import * as repo from './payroll.repository.js';
import { payroll, payrollPeople } from './payroll.service.js';

const columns = [
  text('Сотрудник'),
  text('Канал'),
  text('Роль', 20),
  text('Тип оплаты', 22),
  money('Ставка'),
  money('База'),
  money('Начислено'),
  day('Дата выплаты'),
  money('Выплачено'),
  text('Примечание', 30),
];

/**
 * `GET /api/payroll/export`: the screen's payroll as a ledger a spreadsheet can sum. Each person's roles, one row each
 * with what it accrued, then their payouts of the period, one row each, oldest first: the columns 'Начислено' and
 * 'Выплачено' sum to the screen's figures, whatever the filter a user puts on the file.
 */
export async function payrollExport(
  db: Db,
  caller: SessionCaller,
  query: PayrollQuery & { format: ExportFormat },
): Promise<ExportFile> {
  const [{ items }, paidOut] = await Promise.all([
    payroll(db, caller, query),
    repo.listPayouts(db, caller.teamId, payrollPeople(caller), query),
  ]);
  const rows: Cell[][] = items.flatMap((item) => [
    ...item.lines.map((line): Cell[] => [
      item.name,
      line.channelName,
      line.roleName,
      line.salaryTypeName,
      line.rate,
      line.basis,
      line.amount,
      null,
      null,
      null,
    ]),
    ...paidOut
      .filter((payout) => payout.employeeId === item.employeeId)
      .reverse()
      .map((payout): Cell[] => [
        item.name,
        null,
        null,
        null,
        null,
        null,
        null,
        payout.date,
        Number(payout.amount),
        payout.note,
      ]),
  ]);
  return exportFile('Зарплаты', `${query.from}-${query.to}`, query.format, {
    columns,
    batches: (async function* () {
      yield rows;
    })(),
  });
}
