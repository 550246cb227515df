import {
  foreignKey,
  index,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { channels } from './channels.js';
import { id, teamId } from './columns.js';
import { employees } from './employees.js';
import { channelRoles, salaryTypes } from './reference.js';

/** Who works on which channel in which role, on what pay terms; one person may have several roles on a channel. */
export const channelEmployees = pgTable(
  'channel_employees',
  {
    teamId: teamId(),
    channelId: id('channel_id').notNull(),
    employeeId: id('employee_id').notNull(),
    roleId: smallint('role_id')
      .notNull()
      .references(() => channelRoles.id),
    salaryTypeId: smallint('salary_type_id').references(() => salaryTypes.id),
    conditions: text('conditions').notNull().default(''),
    /**
     * The pay terms as a number (docs/decisions/026), read by the salary type: roubles a month (Фиксированный оклад),
     * a percent of the money received for the person's sales or purchases on the channel, roubles per post that went
     * out on the channel. null: no rate given, nothing accrues; `conditions` stays a note.
     */
    rate: numeric('rate', { precision: 14, scale: 2 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.teamId, t.channelId, t.employeeId, t.roleId] }),
    foreignKey({ columns: [t.teamId, t.channelId], foreignColumns: [channels.teamId, channels.id] }).onDelete(
      'cascade',
    ),
    foreignKey({
      columns: [t.teamId, t.employeeId],
      foreignColumns: [employees.teamId, employees.id],
    }).onDelete('cascade'),
    index('channel_employees_team_employee_idx').on(t.teamId, t.employeeId),
  ],
);
