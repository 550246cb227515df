import { foreignKey, index, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { id, teamId, timestamps, version } from './columns.js';
import { teams } from './teams.js';
import { users } from './users.js';

/** People of a team; the master is the one without a manager. */
export const employees = pgTable(
  'employees',
  {
    teamId: teamId().references(() => teams.id, { onDelete: 'cascade' }),
    id: id().notNull().generatedAlwaysAsIdentity(),
    managerId: id('manager_id'),
    firstName: text('first_name').notNull(),
    secondName: text('second_name').notNull().default(''),
    iconLink: text('icon_link'),
    telegramNickName: text('telegram_nick_name'),
    // Removed from the team: gone from the team's lists, but their past deals keep their name.
    removedAt: timestamp('removed_at', { withTimezone: true }),
    /** The person who signs in as this employee (docs/decisions/024); null: a record only, nobody signs in as it. */
    userId: id('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** When that person first signed in as this employee ('Вошёл в AdDesk'). */
    joinedAt: timestamp('joined_at', { withTimezone: true }),
    version: version(),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.teamId, t.id] }),
    // A composite key to the manager makes a cross-team reference impossible by construction.
    foreignKey({ columns: [t.teamId, t.managerId], foreignColumns: [t.teamId, t.id] }),
    index('employees_team_manager_idx').on(t.teamId, t.managerId, t.id),
    // A person's teams are found by the person (sign-in, the team switcher): the one index that does not lead with
    // team_id, and it makes one person one employee of a team at most.
    uniqueIndex('employees_user_team_idx').on(t.userId, t.teamId),
  ],
);
