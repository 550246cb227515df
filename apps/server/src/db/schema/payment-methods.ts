import {
  foreignKey,
  index,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { id, teamId } from './columns.js';
import { employees } from './employees.js';
import { paymentMethodTypes } from './reference.js';

/** An employee's payment requisites. `credentials` is sensitive: never logged, shown only to the team. */
export const paymentMethods = pgTable(
  'payment_methods',
  {
    teamId: teamId(),
    id: id().notNull().generatedAlwaysAsIdentity(),
    employeeId: id('employee_id').notNull(),
    paymentMethodTypeId: smallint('payment_method_type_id')
      .notNull()
      .references(() => paymentMethodTypes.id),
    credentials: text('credentials').notNull(),
    description: text('description').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.teamId, t.id] }),
    foreignKey({
      columns: [t.teamId, t.employeeId],
      foreignColumns: [employees.teamId, employees.id],
    }).onDelete('cascade'),
    index('payment_methods_team_employee_idx').on(t.teamId, t.employeeId, t.id),
    // The same requisites of an employee are one record, even when two requests add them at the same moment.
    uniqueIndex('payment_methods_team_requisites_uq').on(
      t.teamId,
      t.employeeId,
      t.paymentMethodTypeId,
      t.credentials,
    ),
  ],
);
