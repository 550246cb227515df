import { type ColumnsSelection, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgSelectBase } from 'drizzle-orm/pg-core';
import { channels, contacts, deals, employees, externalChannels } from './schema/index.js';
import { teamRecord } from './team-record.js';

/** The columns of `deals`, or of an alias of it, that name the deal's parties. */
type DealKeys = {
  teamId: AnyPgColumn;
  channelId: AnyPgColumn;
  externalChannelId: AnyPgColumn;
  contactId: AnyPgColumn;
  employeeId: AnyPgColumn;
};

type JoinNullability = 'nullable' | 'not-null';

/** A select of chosen fields, before or after joins: what the helper is given. */
type FieldsSelect = {
  readonly _: {
    readonly tableName: string | undefined;
    readonly selection: ColumnsSelection;
    readonly selectMode: 'partial';
    readonly nullabilityMap: Record<string, JoinNullability>;
  };
};

/** How each joined party reads: our channel always is (a deal's foreign key), the others may be missing. */
type PartiesRead<Person extends boolean> = {
  channels: 'not-null';
  external_channels: 'nullable';
  contacts: 'nullable';
} & (Person extends true ? { employees: 'nullable' } : unknown);

/**
 * A deal with its parties, the one join for every read that shows who a deal is with: our channel (`channels`), the
 * other side's channel (`externalChannels`) and their contact (`contacts`), and with `person` the one who recorded it
 * (`employees`); the caller selects from those tables what it shows. Each party is the team's record by its primary
 * key, team_id first (teamRecord): a join can always use that key, and the deals' own conditions still choose the
 * plan. A party nothing is selected from costs nothing: PostgreSQL drops a left join on a unique key whose columns
 * nobody reads. The person is asked for, not always joined, so that a query with joins of its own (the reminders',
 * eight tables with these) stays within join_collapse_limit, where the planner orders all its joins freely.
 * `deal` is `deals` or an alias of it (the schedule's colliding sales).
 */
export function withDealParties<Q extends FieldsSelect, Person extends boolean = false>(
  query: Q,
  { deal = deals, person }: { deal?: DealKeys; person?: Person } = {},
) {
  // Drizzle types a join by the query it is called on, which a generic query does not name: the joins are written on
  // the plain builder and the answer is typed here, as Drizzle would type the same joins written in place.
  const joined = (
    query as unknown as PgSelectBase<string, ColumnsSelection, 'partial', Record<string, JoinNullability>>
  )
    .innerJoin(channels, teamRecord(channels, deal.teamId, deal.channelId))
    .leftJoin(externalChannels, teamRecord(externalChannels, deal.teamId, deal.externalChannelId))
    .leftJoin(contacts, teamRecord(contacts, deal.teamId, deal.contactId));
  return (person
    ? joined.leftJoin(employees, teamRecord(employees, deal.teamId, deal.employeeId))
    : joined) as unknown as PgSelectBase<
    Q['_']['tableName'],
    Q['_']['selection'],
    'partial',
    Q['_']['nullabilityMap'] & PartiesRead<Person>
  >;
}

/** The name the other side of a deal goes by: their channel, or the contact when the deal names no channel of theirs. */
export const counterpartName = sql<string | null>`coalesce(${externalChannels.name}, ${contacts.name})`;
