import { LEVY_RATE, type Levy, levyDueDate, quarterDays, roundMoney } from '@addesk/contract';
import type { Db } from '../../db/client.js';
import type { SessionCaller } from '../../lib/caller.js';
import { getSummary } from '../finance/finance.service.js';

/**
 * The quarter's levy on ad revenue (issue 35, decision 032): 3 % of the sales' income of the quarter by deal date,
 * read through /finance's own summary so the two screens cannot disagree.
 */
export async function getLevy(db: Db, caller: SessionCaller, quarter: string): Promise<Levy> {
  const { first, last } = quarterDays(quarter);
  const { income } = await getSummary(db, caller, { from: first, to: last, basis: 'accrual' });
  return { quarter, revenue: income, levy: roundMoney(income * LEVY_RATE), dueDate: levyDueDate(quarter) };
}
