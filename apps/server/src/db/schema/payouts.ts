import { date, foreignKey, index, numeric, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { id, teamId } from './columns.js';
import { employees } from './employees.js';

/**
 * Money paid to a person of the team for their work (docs/decisions/026): what 'Выплатить' records. It counts as spend
 * on /finance ('Зарплаты') on its day. The requisites it went to are named by id; deleting them keeps the payout.
 */
export const payouts = pgTable(
  'payouts',
  {
    teamId: teamId(),
    id: id().notNull().generatedAlwaysAsIdentity(),
    employeeId: id('employee_id').notNull(),
    amount: numeric('amount', { precision: 14, scale: 2 }).notNull(),
    paidOn: date('paid_on').notNull(),
    paymentMethodId: id('payment_method_id'),
    note: text('note'),
    createdBy: id('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.teamId, t.id] }),
    foreignKey({
      columns: [t.teamId, t.employeeId],
      foreignColumns: [employees.teamId, employees.id],
    }).onDelete('cascade'),
    // A person's payouts by day (their pay), and the team's by day (the finance period).
    index('payouts_team_employee_day_idx').on(t.teamId, t.employeeId, t.paidOn),
    index('payouts_team_day_idx').on(t.teamId, t.paidOn),
  ],
);
