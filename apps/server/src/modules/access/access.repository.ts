import { CHANNEL_ROLE } from '@addesk/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { channelEmployees, employees } from '../../db/schema/index.js';
import type { Access } from './access.js';

const ids = (value: unknown) => (value as (string | number)[]).map(Number);

/**
 * A member's access in one round trip: their roles by channel, everyone below them (the walk follows manager_id down
 * the team's tree, by the (team_id, manager_id) index), and the people of the channels they administer.
 */
export async function loadMemberAccess(db: Db, teamId: number, employeeId: number): Promise<Access> {
  const { rows } = await db.execute(sql`
    with mine as (
      select ${channelEmployees.roleId} as role_id, ${channelEmployees.channelId} as channel_id
        from ${channelEmployees}
       where ${channelEmployees.teamId} = ${teamId} and ${channelEmployees.employeeId} = ${employeeId}
    ), recursive_people as (
      with recursive below(id) as (
        select ${employeeId}::bigint
        union
        select e.id from ${employees} e join below b on e.team_id = ${teamId} and e.manager_id = b.id
         where e.removed_at is null
      )
      select id from below
    )
    select
      array(select channel_id from mine where role_id = ${CHANNEL_ROLE.admin}) as admin,
      array(select channel_id from mine where role_id = ${CHANNEL_ROLE.sales}) as sales,
      array(select channel_id from mine where role_id = ${CHANNEL_ROLE.purchases}) as purchases,
      array(select channel_id from mine where role_id = ${CHANNEL_ROLE.content}) as content,
      array(select id from recursive_people) as people,
      array(select distinct ce.employee_id from ${channelEmployees} ce
             where ce.team_id = ${teamId}
               and ce.channel_id in (select channel_id from mine where role_id = ${CHANNEL_ROLE.admin})) as colleagues`);
  const row = rows[0] ?? {};
  const sorted = (value: unknown) => ids(value ?? []).sort((a, b) => a - b);
  return {
    owner: false,
    employeeId,
    channels: {
      admin: sorted(row.admin),
      sales: sorted(row.sales),
      purchases: sorted(row.purchases),
      content: sorted(row.content),
    },
    people: sorted(row.people),
    colleagues: sorted(row.colleagues),
  };
}
