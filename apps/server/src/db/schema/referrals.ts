import { foreignKey, index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { id, teamId } from './columns.js';
import { employees } from './employees.js';
import { teams } from './teams.js';

/** A user's referral code; looked up by code before the team is known (a global key, like sessions). */
export const referralCodes = pgTable(
  'referral_codes',
  {
    code: text('code').primaryKey(),
    teamId: teamId(),
    employeeId: id('employee_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    foreignKey({
      columns: [t.teamId, t.employeeId],
      foreignColumns: [employees.teamId, employees.id],
    }).onDelete('cascade'),
    index('referral_codes_team_employee_idx').on(t.teamId, t.employeeId),
  ],
);

/** A friend who signed up through a referrer's link; `rewardedAt` is set when the friend's first paid tariff paid out. */
export const referrals = pgTable(
  'referrals',
  {
    teamId: teamId().references(() => teams.id, { onDelete: 'cascade' }),
    friendTeamId: id('friend_team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    referrerEmployeeId: id('referrer_employee_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    rewardedAt: timestamp('rewarded_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.teamId, t.friendTeamId] }),
    foreignKey({
      columns: [t.teamId, t.referrerEmployeeId],
      foreignColumns: [employees.teamId, employees.id],
    }).onDelete('cascade'),
    // The reward is paid when the friend's team gets a tariff: looked up from the friend's side.
    index('referrals_friend_idx').on(t.friendTeamId),
  ],
);
