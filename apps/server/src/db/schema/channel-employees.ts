import { foreignKey, index, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';
import { channels } from './channels.js';
import { id, teamId } from './columns.js';
import { employees } from './employees.js';

/** Who works on which channel; roles, pay terms and conditions of the assignment come with the team feature. */
export const channelEmployees = pgTable(
  'channel_employees',
  {
    teamId: teamId(),
    channelId: id('channel_id').notNull(),
    employeeId: id('employee_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.teamId, t.channelId, t.employeeId] }),
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
