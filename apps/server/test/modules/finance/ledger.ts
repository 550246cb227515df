import { type DealKind, dealVocabulary } from '@addesk/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { channels } from '../../../src/db/schema/index.js';
import { sameOrigin } from '../../helpers/test-app.js';
import { signInWith } from '../../helpers/users.js';

// A team without sample data whose every deal and payment goes through the API and is kept here too, so the
// finance figures can be checked against sums computed from what the test created.

export type Headers = { cookie: string };
export type DealRecord = {
  id: number;
  kind: DealKind;
  channelId: number;
  date: string;
  price: number;
  version: number;
};
export type PaymentRecord = {
  id: number;
  dealId: number;
  kind: DealKind;
  channelId: number;
  paidAt: string;
  amount: number;
};

export async function ledgerTeam(app: FastifyInstance, key: string, channelNames: string[]) {
  const user = await signInWith(app, key);
  const channelIds: number[] = [];
  for (const [i, name] of channelNames.entries()) {
    const [row] = await app.db
      .insert(channels)
      .values({
        teamId: user.member.teamId,
        name,
        iconLink: i === 0 ? `https://example.test/${key}.png` : null,
        telegramNickName: `${key.replace(/-/g, '_')}_${i}`,
        ownerEmployeeId: user.member.employeeId,
      })
      .returning({ id: channels.id });
    if (!row) throw new Error('channel insert returned nothing');
    channelIds.push(row.id);
  }
  const deals: DealRecord[] = [];
  const payments: PaymentRecord[] = [];
  const headers: Headers = user.headers;
  const send = (method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    app.inject({ method, url, headers: { ...headers, ...sameOrigin }, ...(payload && { payload }) });

  async function deal(
    kind: DealKind,
    values: {
      channelId: number;
      date: string;
      price: number;
      /** A sale starts 'Новая' (1) unless told; a purchase in its kind's first status unless told. */
      statusId?: number;
      dueDate?: string | null;
      external?: { name: string; username?: string };
      contact?: { name: string; username?: string };
    },
  ): Promise<DealRecord> {
    const names = dealVocabulary[kind].names;
    const response = await send('POST', `/api/${kind}`, {
      accommodationCondition: { accommodationTime: `${values.date}T12:00:00+03:00` },
      advertisementFormatId: 1,
      ...(kind === 'sale' && { advertisementTypeId: 2, statusId: 1 }),
      ...(values.statusId !== undefined && { statusId: values.statusId }),
      channelId: values.channelId,
      ...(values.external && {
        [names.external]: { name: values.external.name, channelLink: values.external.username },
      }),
      ...(values.contact && {
        contactPerson: { name: values.contact.name, profileLink: values.contact.username },
      }),
      price: values.price,
      [names.date]: values.date,
      ...(values.dueDate && { paymentDueDate: values.dueDate }),
    });
    expect(response.statusCode, response.body).toBe(201);
    const created = response.json() as { id: number; version: number };
    const record = {
      id: created.id,
      kind,
      channelId: values.channelId,
      date: values.date,
      price: values.price,
      version: created.version,
    };
    deals.push(record);
    return record;
  }

  async function pay(record: DealRecord, amount: number, paidAt: string): Promise<PaymentRecord> {
    const response = await send('POST', `/api/${record.kind}/${record.id}/payments`, { amount, paidAt });
    expect(response.statusCode, response.body).toBe(201);
    const payment = {
      id: (response.json() as { id: number }).id,
      dealId: record.id,
      kind: record.kind,
      channelId: record.channelId,
      paidAt,
      amount,
    };
    payments.push(payment);
    // Paid in full, a deal before 'Оплачена' moves to it, and its version with it (issue 33).
    const deal = await app.inject({ url: `/api/${record.kind}/${record.id}`, headers });
    record.version = (deal.json() as { version: number }).version;
    return payment;
  }

  return { user, headers, teamId: user.member.teamId, channelIds, deals, payments, deal, pay, send };
}

type MoneyRow = {
  team_id: string;
  /** Of money_periods: 'week' or 'month'. */
  unit?: string;
  day: string;
  channel_id: string;
  kind: string;
  deals: number;
  unpaid: number;
  total: string;
  paid: string;
  received: string;
  viewed_total: string;
  views: string;
  cancelled: number;
  cancelled_total: string;
};

const rowsOf = async (app: FastifyInstance, query: ReturnType<typeof sql>) =>
  ((await app.db.execute(query)).rows as MoneyRow[]).map((r) => ({
    team: Number(r.team_id),
    ...(r.unit !== undefined && { unit: r.unit }),
    day: r.day,
    channel: Number(r.channel_id),
    kind: r.kind,
    deals: Number(r.deals),
    unpaid: Number(r.unpaid),
    total: Number(r.total),
    paid: Number(r.paid),
    received: Number(r.received),
    viewedTotal: Number(r.viewed_total),
    views: Number(r.views),
    cancelled: Number(r.cancelled),
    cancelledTotal: Number(r.cancelled_total),
  }));

const sums = sql`sum(deals)::int as deals, sum(unpaid)::int as unpaid, sum(total) as total, sum(paid) as paid,
  sum(received) as received, sum(viewed_total) as viewed_total, sum(views) as views, sum(cancelled)::int as cancelled,
  sum(cancelled_total) as cancelled_total`;

/**
 * The roll-ups as they are, and as they should be computed afresh from every live deal and its payments, in the same
 * order: by deal date the deals whose status does not cancel them (and of those whose post has views, their prices and
 * views) and the number and prices of those it cancels, by payment date every payment. A deleted deal counts nowhere.
 * `kept` and `recounted` are the days (money_days); `periods` the same per week and month (money_periods, dated their
 * first day).
 */
export async function rollUpAndRecount(app: FastifyInstance) {
  const order = sql`order by team_id, day, channel_id, kind`;
  const columns = sql`deals, unpaid, total, paid, received, viewed_total, views, cancelled, cancelled_total`;
  const recount = sql`
      select d.team_id, d.deal_date as day, d.channel_id, d.kind,
        (not s.cancels)::int as deals, (not s.cancels and d.paid_amount < d.price)::int as unpaid,
        case when s.cancels then 0 else d.price end as total, case when s.cancels then 0 else d.paid_amount end as paid,
        0 as received,
        -- A post without views (none known, or 0) adds nothing to the average CPM's sums.
        case when d.post_views > 0 and not s.cancels then d.price else 0 end as viewed_total,
        case when d.post_views > 0 and not s.cancels then d.post_views else 0 end as views,
        s.cancels::int as cancelled, case when s.cancels then d.price else 0 end as cancelled_total
      from deals d join deal_statuses s on s.id = d.status_id
      where d.deleted_at is null
      union all
      -- What was paid for a cancelled deal still counts by payment date.
      select p.team_id, p.paid_at, d.channel_id, d.kind, 0, 0, 0, 0, p.amount, 0, 0, 0, 0
      from deal_payments p join deals d on d.team_id = p.team_id and d.id = p.deal_id
      where d.deleted_at is null`;
  const kept = await rowsOf(
    app,
    sql`select team_id, to_char(day, 'YYYY-MM-DD') as day, channel_id, kind, ${columns} from money_days ${order}`,
  );
  const recounted = await rowsOf(
    app,
    sql`select team_id, to_char(day, 'YYYY-MM-DD') as day, channel_id, kind, ${sums}
      from (${recount}) x group by team_id, day, channel_id, kind ${order}`,
  );
  const byPeriod = sql`order by team_id, unit, start, channel_id, kind`;
  const periods = {
    kept: await rowsOf(
      app,
      sql`select team_id, unit, to_char(start, 'YYYY-MM-DD') as day, channel_id, kind, ${columns}
        from money_periods ${byPeriod}`,
    ),
    recounted: await rowsOf(
      app,
      sql`select team_id, unit, to_char(start, 'YYYY-MM-DD') as day, channel_id, kind, ${sums}
        from (
          select u.unit, date_trunc(u.unit, y.day::timestamp)::date as start, y.*
          from (${recount}) y cross join (values ('week'), ('month')) u (unit)
        ) x
        group by team_id, unit, start, channel_id, kind ${byPeriod}`,
    ),
  };
  return { kept, recounted, periods };
}

type PayRow = { key: string; value: string };

/**
 * The pay roll-ups (migration 0038) as they are and as they should be, recounted afresh, in the same order: what was
 * received, by payment day and month, for each person's live deals whose status does not cancel them, per channel and
 * kind; and each channel's live sales not cancelled, by placement day (in the team's zone) and month.
 */
export async function payRollUpAndRecount(app: FastifyInstance) {
  const rows = async (query: ReturnType<typeof sql>) =>
    ((await app.db.execute(query)).rows as PayRow[]).map((r) => `${r.key}: ${Number(r.value)}`);
  const text = async (query: ReturnType<typeof sql>) =>
    ((await app.db.execute(query)).rows as { key: string }[]).map((r) => r.key);
  const units = sql`(values ('day'), ('month')) u (unit)`;
  return {
    received: {
      kept: await rows(sql`select concat_ws(' ', team_id, employee_id, channel_id, kind, unit, start) as key,
          amount as value
        from pay_received order by team_id, employee_id, channel_id, kind, unit, start`),
      recounted:
        await rows(sql`select concat_ws(' ', team_id, employee_id, channel_id, kind, unit, start) as key,
          value
        from (
          select d.team_id, d.employee_id, d.channel_id, d.kind, u.unit,
            date_trunc(u.unit, p.paid_at::timestamp)::date as start, sum(p.amount) as value
          from deal_payments p join deals d on d.team_id = p.team_id and d.id = p.deal_id
          join deal_statuses s on s.id = d.status_id cross join ${units}
          where d.deleted_at is null and not s.cancels and d.employee_id is not null
          group by 1, 2, 3, 4, 5, 6
        ) x order by team_id, employee_id, channel_id, kind, unit, start`),
    },
    posts: {
      kept: await rows(sql`select concat_ws(' ', team_id, channel_id, unit, start) as key, posts as value
        from pay_posts order by team_id, channel_id, unit, start`),
      recounted: await rows(sql`select concat_ws(' ', team_id, channel_id, unit, start) as key, value
        from (
          select x.team_id, x.channel_id, u.unit,
            date_trunc(u.unit, (x.placement_at at time zone z.time_zone)::date::timestamp)::date as start,
            count(*) as value
          from deals x join teams z on z.id = x.team_id join deal_statuses s on s.id = x.status_id cross join ${units}
          where x.kind = 'sale' and x.deleted_at is null and not s.cancels
          group by 1, 2, 3, 4
        ) x order by team_id, channel_id, unit, start`),
    },
    // Each payment's copy of its deal's person, channel and kind (migration 0040) against the deal's.
    payers: {
      kept: await text(sql`select concat_ws(' ', team_id, id, employee_id, channel_id, kind) as key
        from deal_payments order by team_id, id`),
      recounted:
        await text(sql`select concat_ws(' ', p.team_id, p.id, d.employee_id, d.channel_id, d.kind) as key
        from deal_payments p join deals d on d.team_id = p.team_id and d.id = p.deal_id order by p.team_id, p.id`),
    },
  };
}
