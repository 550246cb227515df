import {
  EMPLOYEE_NOT_FOUND,
  type EmployeePayroll,
  type PayoutCreate,
  type Payroll,
  type PayrollItem,
  type PayrollLine,
  type PayrollQuery,
  roundMoney,
} from '@addesk/contract';
import type { Db } from '../../db/client.js';
import { AppError, notFound } from '../../lib/app-error.js';
import type { SessionCaller } from '../../lib/caller.js';
import { dayOf, daysInMonth, daysSpan, shiftDay } from '../../lib/dates.js';
import { seesPerson, seesPrivate } from '../access/index.js';
import { recordEvent } from '../history/history.service.js';
import { isPaymentMethodOf } from '../payment-method/payment-method.service.js';
import { findEmployee } from '../team/index.js';
import * as repo from './payroll.repository.js';

const monthLength = (day: string) => daysInMonth(Number(day.slice(0, 4)), Number(day.slice(5, 7)));

/**
 * The months of [from, to] a fixed salary was held, each month's days counted against that month's length: a whole
 * month is 1, 1-15 June is 0.5. A role given during the period counts from its day. A month at a time, not a day:
 * a year's payroll has hundreds of lines.
 */
function monthsHeld(from: string, to: string, since: string) {
  let months = 0;
  for (let day = from < since ? since : from; day <= to; ) {
    const length = monthLength(day);
    const monthEnd = `${day.slice(0, 8)}${length}`;
    const last = monthEnd < to ? monthEnd : to;
    months += (Number(last.slice(8)) - Number(day.slice(8)) + 1) / length;
    day = shiftDay(monthEnd, 1);
  }
  return months;
}

/** What one role earned: its rate read by its salary type (docs/decisions/026). No rate, nothing. */
function lineOf(
  row: Awaited<ReturnType<typeof repo.roleLines>>[number],
  period: repo.Period,
  timeZone: string,
) {
  const rate = row.rate === null ? null : Number(row.rate);
  const basis =
    row.salaryTypeId === repo.SALARY.fixed
      ? monthsHeld(period.from, period.to, dayOf(row.since, timeZone))
      : Number(row.basis);
  const percent =
    row.salaryTypeId === repo.SALARY.salesPercent || row.salaryTypeId === repo.SALARY.purchasesPercent;
  const amount =
    rate === null || row.salaryTypeId === null ? 0 : roundMoney((rate * basis) / (percent ? 100 : 1));
  // The months are shown to four places; the amount is of the exact share. Named field by field, not spread from
  // the row: Node 20 copies an object and adds keys to it at about 3 µs an object (425 lines: 1.4 ms, named 0.02).
  return {
    channelId: row.channelId,
    channelName: row.channelName,
    roleId: row.roleId,
    roleName: row.roleName,
    salaryTypeId: row.salaryTypeId,
    salaryTypeName: row.salaryTypeName,
    rate,
    basis: Math.round(basis * 10_000) / 10_000,
    amount,
  } satisfies PayrollLine;
}

const periodOf = (query: PayrollQuery, timeZone: string): repo.Period => ({
  ...query,
  ...daysSpan(query.from, query.to, timeZone),
});

type RoleRow = Awaited<ReturnType<typeof repo.roleLines>>[number];
type Payee = Awaited<ReturnType<typeof repo.payees>>[number];

/** A person's pay from their roles and what was paid to them; a person who left is listed only while paid in it. */
function itemOf(
  { id, name, removed, paid }: Payee,
  roles: RoleRow[],
  period: repo.Period,
  timeZone: string,
): PayrollItem | undefined {
  const lines = roles.filter((r) => r.employeeId === id).map((r) => lineOf(r, period, timeZone));
  const accrued = roundMoney(lines.reduce((sum, l) => sum + l.amount, 0));
  const out = roundMoney(Number(paid));
  if (removed && out === 0) return undefined;
  return { employeeId: id, name, accrued, paid: out, due: roundMoney(accrued - out), lines };
}

const collator = new Intl.Collator('ru');

/**
 * Pay of these people (all of the team's: undefined) in the period: per role what accrued, what was paid out, what is
 * still due; an overpayment is a negative due ('переплата').
 */
async function payOf(db: Db, caller: SessionCaller, people: number[] | undefined, period: repo.Period) {
  const [roles, listed] = await Promise.all([
    repo.roleLines(db, caller.teamId, people, period),
    repo.payees(db, caller.teamId, people, period),
  ]);
  return listed
    .flatMap((person) => itemOf(person, roles, period, caller.timeZone) ?? [])
    .sort((a, b) => collator.compare(a.name, b.name) || a.employeeId - b.employeeId);
}

/** Whose pay a person sees in the payroll: the owner everyone's (undefined), anyone else theirs and their people's. */
export const payrollPeople = (caller: SessionCaller) =>
  caller.access.owner ? undefined : caller.access.people;

/** `GET /api/payroll`: the owner sees everyone's pay; anyone else their own and that of the people under them. */
export async function payroll(db: Db, caller: SessionCaller, query: PayrollQuery): Promise<Payroll> {
  const items = await payOf(db, caller, payrollPeople(caller), periodOf(query, caller.timeZone));
  const sum = (pick: (item: PayrollItem) => number) => roundMoney(items.reduce((s, i) => s + pick(i), 0));
  return {
    items,
    total: { accrued: sum((i) => i.accrued), paid: sum((i) => i.paid), due: sum((i) => i.due) },
  };
}

/** Whether the caller may see a person's pay: the owner everyone's, a manager the people under them, one's own. */
function seesPay(caller: SessionCaller, employeeId: number) {
  if (!seesPerson(caller.access, employeeId)) throw notFound(EMPLOYEE_NOT_FOUND);
  if (!seesPrivate(caller.access, employeeId) && !caller.access.people.includes(employeeId))
    throw new AppError('FORBIDDEN', 'Зарплату сотрудника видят он сам, его руководитель и владелец команды');
}

/** A person of the team whose pay the caller may see. */
async function payee(db: Db, caller: SessionCaller, employeeId: number) {
  seesPay(caller, employeeId);
  if (!(await findEmployee(db, caller.teamId, employeeId))) throw notFound(EMPLOYEE_NOT_FOUND);
}

const DEALS_SHOWN = 200;

/**
 * `GET /api/employee/{id}/payroll`: one person's pay with the deals behind each line and the payouts. The person's
 * row, roles and payouts are one round, the deals behind the lines a second: each statement is a round trip the
 * server pays for in CPU under load.
 */
export async function employeePayroll(
  db: Db,
  caller: SessionCaller,
  employeeId: number,
  query: PayrollQuery,
): Promise<EmployeePayroll> {
  seesPay(caller, employeeId);
  const period = periodOf(query, caller.timeZone);
  const [roles, [person], payouts] = await Promise.all([
    repo.roleLines(db, caller.teamId, [employeeId], period),
    repo.payees(db, caller.teamId, [employeeId], period),
    repo.listPayouts(db, caller.teamId, [employeeId], period),
  ]);
  const item = person && itemOf(person, roles, period, caller.timeZone);
  if (!item) throw notFound(EMPLOYEE_NOT_FOUND);
  const behind = await repo.dealsBehind(db, caller.teamId, employeeId, item.lines, period, DEALS_SHOWN);
  return {
    ...item,
    deals: behind.rows.map((row) => ({
      kind: row.kind,
      id: row.id,
      channelId: row.channelId,
      date: row.date,
      price: Number(row.price),
      received: Number(row.received),
      placementAt: row.placementAt.toISOString(),
    })),
    dealsTotal: behind.total,
    payouts: payouts.map(presentPayout),
  };
}

const presentPayout = (row: Awaited<ReturnType<typeof repo.listPayouts>>[number]) => ({
  ...row,
  amount: Number(row.amount),
});

export async function listPayouts(db: Db, caller: SessionCaller, employeeId: number) {
  await payee(db, caller, employeeId);
  // A person is paid a few times a month: 500 are years of them.
  return (await repo.listPayouts(db, caller.teamId, [employeeId], undefined, 500)).map(presentPayout);
}

/** 'Выплатить' (the owner, by the policy): money paid to a person, to their requisites when named. */
export async function addPayout(db: Db, caller: SessionCaller, employeeId: number, body: PayoutCreate) {
  await payee(db, caller, employeeId);
  if (
    body.paymentMethodId !== undefined &&
    !(await isPaymentMethodOf(db, caller.teamId, employeeId, body.paymentMethodId))
  ) {
    const message = 'Выберите реквизиты этого сотрудника';
    throw new AppError('VALIDATION_ERROR', message, { paymentMethodId: [message] });
  }
  const amount = body.amount.toFixed(2);
  const id = await repo.insertPayout(db, {
    teamId: caller.teamId,
    employeeId,
    amount,
    paidOn: body.date,
    paymentMethodId: body.paymentMethodId ?? null,
    note: body.note || null,
    createdBy: caller.employeeId,
  });
  await recordEvent(db, caller, {
    entity: 'employee',
    entityId: employeeId,
    action: 'payout_add',
    changes: [
      { field: 'amount', from: null, to: Number(amount) },
      { field: 'date', from: null, to: body.date },
    ],
  });
  return {
    id,
    employeeId,
    amount: Number(amount),
    date: body.date,
    paymentMethodId: body.paymentMethodId ?? null,
    note: body.note || null,
  };
}

export async function removePayout(db: Db, caller: SessionCaller, employeeId: number, payoutId: number) {
  await payee(db, caller, employeeId);
  await db.transaction(async (tx) => {
    const removed = await repo.deletePayout(tx, caller.teamId, employeeId, payoutId);
    if (!removed) throw notFound('Выплата не найдена');
    await recordEvent(tx, caller, {
      entity: 'employee',
      entityId: employeeId,
      action: 'payout_delete',
      changes: [
        { field: 'amount', from: Number(removed.amount), to: null },
        { field: 'date', from: removed.date, to: null },
      ],
    });
  });
}

/** The team's payouts of a period in (day, id) batches, for the finance file's 'Зарплата' rows. */
export const payoutBatch = repo.payoutBatch;

/** The team's payouts per day of a period, for /finance's 'Зарплаты'. */
export const payoutsByDay = (db: Db, teamId: number, from: string, to: string) =>
  repo.payoutsByDay(db, teamId, from, to);
