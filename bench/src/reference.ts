// The hand-written reference for the deal lists: what a careful engineer writes without an ORM, a query builder or the
// product's layers. One plain join of the deal with its channel, status, format, type, person and counterparts, its
// filters hand-written into the same SQL, its rows mapped by hand into the list's JSON, after a hand-written session
// check (the product answers no list without one). The benchmark reports each product list as a share of this route on the same filters.
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

/**
 * Runs a statement with dates and times as PostgreSQL writes them; on PostgreSQL named (one cached plan) or unnamed
 * (planned for its values) by the product's rule (apps/server/src/db/prepared.ts), so both pay the same planning.
 */
export type ReferenceQuery = (
  text: string,
  params: unknown[],
  plan: 'generic' | 'values',
) => Promise<{ rows: Record<string, unknown>[] }>;

type Kind = 'sale' | 'purchase';
type Filters = {
  statusId?: string;
  channelId?: string;
  saleDateCondition?: string;
  purchaseDateCondition?: string;
  priceCondition?: string;
  sort?: string;
  q?: string;
  limit?: string;
};

// The page of deals first (an index range scan), then each record it points at by primary key. The product's lists
// take this shape (docs/decisions/008): a plain join of the eight tables costs PostgreSQL 2.6-36 ms of planning a
// request under custom plans, and its generic plan reads a month's period by walking the whole date index (28 req/s).
const page = (where: string, order: string, limit: number) => `
select p.*, round(p.price / nullif(p.subscribers_joined, 0), 2) as cost_per_subscriber,
       s.name as status_name, f.name as format_name, t.name as type_name,
       c.id as c_id, c.name as c_name, c.icon_link as c_icon,
       e.id as e_id, e.first_name as e_first_name, e.second_name as e_second_name, e.icon_link as e_icon,
       x.id as x_id, x.name as x_name, x.icon_link as x_icon, x.username as x_username, x.telegram_id as x_telegram_id,
       ct.id as ct_id, ct.name as ct_name, ct.icon_link as ct_icon, ct.username as ct_username,
       ct.telegram_id as ct_telegram_id,
       exists (select from invite_links l where l.team_id = p.team_id and l.deal_id = p.id) as has_link
from (select d.team_id, d.id, d.price, d.status_id, d.placement_at, d.duration, d.duration_type, d.hours_in_top,
             d.advertisement_format_id, d.advertisement_type_id, d.version, d.payment_due_date, d.paid_amount,
             d.deal_date, d.subscribers_joined, d.channel_id, d.employee_id, d.external_channel_id, d.contact_id
      from deals d
      where d.team_id = $1 and d.kind = $2 and d.deleted_at is null${where}
      order by d.${order} desc, d.id desc limit ${limit}) p
left join lateral (select name from deal_statuses where id = p.status_id limit 1) s on true
left join lateral (select name from advertisement_formats where id = p.advertisement_format_id limit 1) f on true
left join lateral (select name from advertisement_types where id = p.advertisement_type_id limit 1) t on true
left join lateral (select id, name, icon_link from channels
                   where team_id = p.team_id and id = p.channel_id limit 1) c on true
left join lateral (select id, first_name, second_name, icon_link from employees
                   where team_id = p.team_id and id = p.employee_id limit 1) e on true
left join lateral (select id, name, icon_link, username, telegram_id from external_channels
                   where team_id = p.team_id and id = p.external_channel_id limit 1) x on true
left join lateral (select id, name, icon_link, username, telegram_id from contacts
                   where team_id = p.team_id and id = p.contact_id limit 1) ct on true
order by p.${order} desc, p.id desc`;

// The signed-in member's team and its time zone: the same check the product makes of every request.
const SESSION = `select s.team_id, t.time_zone from sessions s join teams t on t.id = s.team_id
where s.token_hash = $1 and s.expires_at > now()`;

const link = (username: unknown) => (username ? `https://t.me/${username as string}` : null);
const num = (value: unknown) => (value === null ? null : Number(value));

function between(condition: string | undefined) {
  const match = condition?.match(/^=bt=\(([^,]+),([^)]+)\)$/);
  return match ? [match[1], match[2]] : undefined;
}

function mapRow(kind: Kind, r: Record<string, unknown>, today: string) {
  const price = Number(r.price);
  const paidAmount = Number(r.paid_amount);
  const due = r.payment_due_date as string | null;
  const external =
    r.x_id === null
      ? null
      : {
          id: Number(r.x_id),
          externalChannelId: num(r.x_telegram_id),
          name: r.x_name,
          iconLink: r.x_icon,
          channelLink: link(r.x_username),
        };
  const employee =
    r.e_id === null
      ? null
      : {
          id: Number(r.e_id),
          firstName: r.e_first_name,
          secondName: r.e_second_name,
          iconLink: r.e_icon,
        };
  const common = {
    id: Number(r.id),
    price,
    statusId: r.status_id,
    status: { id: r.status_id, name: r.status_name },
    accommodationCondition: {
      accommodationTime: new Date(r.placement_at as string).toISOString(),
      duration: r.duration,
      durationType: r.duration_type,
      hoursInTop: r.hours_in_top,
    },
    advertisementFormat:
      r.advertisement_format_id === null ? null : { id: r.advertisement_format_id, name: r.format_name },
    contactPerson:
      r.ct_id === null
        ? null
        : {
            id: Number(r.ct_id),
            externalUserId: num(r.ct_telegram_id),
            name: r.ct_name,
            iconLink: r.ct_icon,
            profileLink: link(r.ct_username),
          },
    channelInfo: { id: Number(r.c_id), name: r.c_name, iconLink: r.c_icon },
    version: r.version,
    paymentDueDate: due,
    paidAmount,
    paymentState:
      paidAmount >= price
        ? 'PAID'
        : due !== null && due < today
          ? 'OVERDUE'
          : paidAmount > 0
            ? 'PARTLY_PAID'
            : 'UNPAID',
  };
  if (kind === 'sale') {
    return {
      ...common,
      saleDate: r.deal_date,
      advertisementType:
        r.advertisement_type_id === null ? null : { id: r.advertisement_type_id, name: r.type_name },
      externalChannelInfo: external,
      soldByEmployeeInfo: employee,
    };
  }
  return {
    ...common,
    purchaseDate: r.deal_date,
    externalChannel: external,
    purchasedByEmployeeInfo: employee,
    subscribers: r.has_link ? r.subscribers_joined : null,
    costPerSubscriber: r.has_link ? num(r.cost_per_subscriber) : null,
  };
}

/** GET /reference/sale/filter and /reference/purchase/filter with the screens' filters, for one team. */
export function registerReference(app: FastifyInstance, query: ReferenceQuery) {
  const dayFormats = new Map<string, Intl.DateTimeFormat>();
  const today = (timeZone: string) => {
    let format = dayFormats.get(timeZone);
    if (!format) {
      format = new Intl.DateTimeFormat('en-CA', { timeZone });
      dayFormats.set(timeZone, format);
    }
    return format.format(new Date());
  };
  for (const kind of ['sale', 'purchase'] as const) {
    app.get<{ Querystring: Filters }>(`/reference/${kind}/filter`, async (request, reply) => {
      const token = request.headers.cookie?.match(/(?:^|;\s*)addesk_session=([^;]+)/)?.[1];
      const hash = token && createHash('sha256').update(token).digest('hex');
      const member = hash ? (await query(SESSION, [hash], 'generic')).rows[0] : undefined;
      if (!member) return reply.status(401).send({ code: 'UNAUTHENTICATED' });
      const f = request.query;
      const params: unknown[] = [member.team_id, kind];
      const where: string[] = [];
      const add = (sql: (n: string) => string, ...values: unknown[]) => {
        const names = values.map((value) => `$${params.push(value)}`);
        where.push(sql(names.join(',')));
      };
      if (f.statusId) add((n) => `d.status_id = ${n}`, Number(f.statusId));
      if (f.channelId) add((n) => `d.channel_id = ${n}`, Number(f.channelId));
      const period = between(kind === 'sale' ? f.saleDateCondition : f.purchaseDateCondition);
      if (period) {
        add((n) => `d.deal_date >= ${n}::date`, period[0]);
        add((n) => `d.deal_date <= ${n}::date`, period[1]);
      }
      const price = between(f.priceCondition);
      if (price) {
        add((n) => `d.price >= ${n}::numeric`, price[0]);
        add((n) => `d.price <= ${n}::numeric`, price[1]);
      }
      if (f.q) {
        const pattern = `%${f.q
          .toLowerCase()
          .replaceAll('ё', 'е')
          .replace(/[\\%_]/g, '\\$&')}%`;
        const like = (table: string, nick: string) =>
          `select id from ${table} where team_id = $1 and (translate(lower(name), 'ё', 'е') like ${'$'}${params.length + 1}
             or translate(lower(${nick}), 'ё', 'е') like ${'$'}${params.length + 1})`;
        where.push(`(d.external_channel_id in (${like('external_channels', 'username')})
          or d.contact_id in (${like('contacts', 'username')})
          or d.channel_id in (${like('channels', 'telegram_nick_name')}))`);
        params.push(pattern);
      }
      const byPlacement = f.sort === 'placement';
      const limit = Number(f.limit ?? 50);
      const text = page(
        where.map((w) => ` and ${w}`).join(''),
        byPlacement ? 'placement_at' : 'deal_date',
        limit + 1,
      );
      const { rows } = await query(text, params, where.length === 0 ? 'generic' : 'values');

      const day = today(member.time_zone as string);
      const last = rows[limit - 1];
      const nextCursor =
        rows.length > limit && last
          ? Buffer.from(
              JSON.stringify([
                byPlacement ? new Date(last.placement_at as string).toISOString() : last.deal_date,
                Number(last.id),
              ]),
            ).toString('base64url')
          : null;
      return reply.send({ items: rows.slice(0, limit).map((row) => mapRow(kind, row, day)), nextCursor });
    });
  }
}
