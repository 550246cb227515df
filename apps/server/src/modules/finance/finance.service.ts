import {
  CHANNEL_NOT_FOUND,
  DEBT_ITEMS_LIMIT,
  type DealKind,
  type DebtItem,
  type FinanceDebts,
  type FinanceQuery,
  type FinanceStep,
  type FinanceSummary,
  financeStepOf,
  moneyLeft,
  previousPeriodOf,
  roundMoney,
} from '@addesk/contract';
import type { Db } from '../../db/client.js';
import { notFound } from '../../lib/app-error.js';
import type { SessionCaller } from '../../lib/caller.js';
import { addMonths, DAY_MS, dayOf, shiftDay } from '../../lib/dates.js';
import { financeChannels } from '../access/index.js';
import { payoutsByDay } from '../payroll/payroll.service.js';
import * as repo from './finance.repository.js';

// Finance (decisions D5): income is sales, spend is purchases, profit the difference, by deal date (accrual) or by
// payment date (cash), all from the money roll-up (docs/decisions/016).

type Totals = { income: number; spend: number; profit: number };
const zero = (): Totals => ({ income: 0, spend: 0, profit: 0 });
const add = (totals: Totals, kind: DealKind, amount: number) => {
  if (kind === 'sale') totals.income = roundMoney(totals.income + amount);
  else totals.spend = roundMoney(totals.spend + amount);
  totals.profit = roundMoney(totals.income - totals.spend);
};

const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS) + 1;

/** The first day of the step `day` falls in: the day, its week's Monday, its month's first day. */
function stepStart(step: FinanceStep, day: string): string {
  if (step === 'day') return day;
  if (step === 'month') return `${day.slice(0, 7)}-01`;
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return shiftDay(day, -((weekday + 6) % 7));
}

const nextStep = (step: FinanceStep, start: string) =>
  step === 'month'
    ? addMonths(new Date(`${start}T00:00:00Z`), 1)
        .toISOString()
        .slice(0, 10)
    : shiftDay(start, step === 'day' ? 1 : 7);

/**
 * The channels whose money the caller reads: the one asked for (404 for a channel they may not see, like a missing
 * one), else all of the team's (undefined) for the owner and those they administer for an administrator.
 */
export async function financeChannelsOf(db: Db, caller: SessionCaller, channelId: number | undefined) {
  const allowed = financeChannels(caller.access);
  if (channelId === undefined) return allowed;
  const [channel] =
    allowed && !allowed.includes(channelId) ? [] : await repo.findChannelRefs(db, caller.teamId, [channelId]);
  if (!channel) throw notFound(CHANNEL_NOT_FOUND);
  return [channelId];
}

export async function getSummary(
  db: Db,
  caller: SessionCaller,
  query: FinanceQuery,
): Promise<FinanceSummary> {
  const { from, to, basis } = query;
  const channelIds = await financeChannelsOf(db, caller, query.channelId);
  const days = daysBetween(from, to);
  const step = financeStepOf(days);
  const previous = previousPeriodOf(from, to);
  // Payouts are the team's, not a channel's (docs/decisions/026): counted where the whole team is shown.
  const [groups, paid] = await Promise.all([
    repo.moneyGroups(db, caller.teamId, { previous, from, to, channelIds }, basis, step),
    channelIds === undefined ? payoutsByDay(db, caller.teamId, previous.from, to) : [],
  ]);

  const current = zero();
  const before = zero();
  const perChannel = new Map<number, Totals & { channel: repo.ChannelRef; deals: number }>();
  const perStep = new Map<string, Totals>();
  const cpm: FinanceSummary['cpm'] = { sale: null, purchase: null };
  for (const g of groups) {
    if (g.period !== null) {
      const point = perStep.get(g.period) ?? zero();
      add(point, g.kind, g.amount);
      perStep.set(g.period, point);
    } else if (g.channel !== null) {
      if (!g.current) continue;
      const line = perChannel.get(g.channel.id) ?? { ...zero(), channel: g.channel, deals: 0 };
      add(line, g.kind, g.amount);
      line.deals += g.deals;
      perChannel.set(g.channel.id, line);
    } else if (g.current !== null) {
      add(g.current ? current : before, g.kind, g.amount);
      if (g.current) cpm[g.kind] = g.cpm;
    }
  }

  const salaries = { current: 0, before: 0, perStep: new Map<string, number>() };
  for (const { day, amount } of paid) {
    const value = Number(amount);
    if (day < from) salaries.before = roundMoney(salaries.before + value);
    else {
      salaries.current = roundMoney(salaries.current + value);
      const start = stepStart(step, day);
      salaries.perStep.set(start, roundMoney((salaries.perStep.get(start) ?? 0) + value));
    }
  }
  const withSalaries = (totals: Totals, paidOut: number) => ({
    ...totals,
    salaries: paidOut,
    profit: roundMoney(totals.income - totals.spend - paidOut),
  });

  const series: FinanceSummary['series'] = [];
  for (let start = stepStart(step, from); start <= to; start = nextStep(step, start)) {
    series.push({
      period: start,
      ...withSalaries(perStep.get(start) ?? zero(), salaries.perStep.get(start) ?? 0),
    });
  }
  const byChannel = [...perChannel.values()].sort(
    (a, b) =>
      b.profit - a.profit ||
      a.channel.name.localeCompare(b.channel.name, 'ru') ||
      a.channel.id - b.channel.id,
  );
  return {
    ...withSalaries(current, salaries.current),
    previous: { ...withSalaries(before, salaries.before), ...previous },
    byChannel,
    step,
    series,
    cpm,
  };
}

type DebtRow = Awaited<ReturnType<ReturnType<typeof repo.unpaidDeals>['execute']>>[number];

export async function getDebts(
  db: Db,
  caller: SessionCaller,
  channelId: number | undefined,
): Promise<FinanceDebts> {
  const channelIds = await financeChannelsOf(db, caller, channelId);
  const [totals, receivable, payable] = await Promise.all([
    repo.debtTotals(db, caller.teamId, channelIds),
    repo.unpaidDeals(db, caller.teamId, 'sale', channelIds, DEBT_ITEMS_LIMIT).execute(),
    repo.unpaidDeals(db, caller.teamId, 'purchase', channelIds, DEBT_ITEMS_LIMIT).execute(),
  ]);
  const today = dayOf(new Date(), caller.timeZone);
  const side = (kind: DealKind, rows: DebtRow[]) => {
    const sum = totals.find((t) => t.kind === kind);
    return { total: sum?.total ?? 0, count: sum?.count ?? 0, items: rows.map((row) => debtItem(row, today)) };
  };
  return { receivable: side('sale', receivable), payable: side('purchase', payable) };
}

function debtItem(row: DebtRow, today: string): DebtItem {
  const price = Number(row.price);
  const paidAmount = Number(row.paidAmount);
  const counterpart =
    row.externalName !== null
      ? { name: row.externalName, username: row.externalUsername }
      : row.contactName !== null
        ? { name: row.contactName, username: row.contactUsername }
        : null;
  const due = row.paymentDueDate;
  return {
    dealId: row.dealId,
    channel: row.channel,
    counterpart,
    dealDate: row.dealDate,
    price,
    paidAmount,
    due: moneyLeft(price, paidAmount),
    paymentDueDate: due,
    daysOverdue: due !== null && due < today ? daysBetween(due, today) - 1 : 0,
  };
}
