import { pgTable, primaryKey, smallint, text } from 'drizzle-orm/pg-core';

// Reference lists, the same for every team (decisions D3), seeded by a migration. Not team data: in a distributed
// database they are reference tables, copied to every node.

export const channelRoles = pgTable('channel_roles', {
  id: smallint('id').primaryKey(),
  name: text('name').notNull(),
});

export const salaryTypes = pgTable('salary_types', {
  id: smallint('id').primaryKey(),
  name: text('name').notNull(),
});

/** Which salary types fit a role, in the order the picker offers them (the first is preselected). */
export const channelRoleSalaryTypes = pgTable(
  'channel_role_salary_types',
  {
    roleId: smallint('role_id')
      .notNull()
      .references(() => channelRoles.id),
    salaryTypeId: smallint('salary_type_id')
      .notNull()
      .references(() => salaryTypes.id),
    position: smallint('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.salaryTypeId] })],
);

export const paymentMethodTypes = pgTable('payment_method_types', {
  id: smallint('id').primaryKey(),
  name: text('name').notNull(),
});
