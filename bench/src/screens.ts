import { sql } from 'drizzle-orm';
import type { Db } from '../../apps/server/src/db/client.js';

// The data of the screens beyond the deal lists and money (issue 38): pay terms and payouts (/payroll), the deals'
// posts with their readings of views (a deal's post card), and the legal details and marking of some months (the
// marking month). Clients need nothing more: they are the team's contacts, which the deals already name. All of it is
// generated inside the database, deterministic per row, by id ranges for PGlite's WASM memory; triggers keep the
// roll-ups right (a post's views feed the money days' CPM).

const CHUNK = 100_000;
/**
 * Posts only on deals placed before this instant: the post watcher reads the public pages of the posts placed within
 * its last 62 days (post.facts WATCH_DAYS), and the benchmark's server must not go to Telegram.
 */
const POSTS_BEFORE = '2026-09-01T00:00:00+03:00';
/** The months with marking data: the marking screen's months of the benchmark, 2026-06 among them. */
const MARKED = { from: '2026-04-01T00:00:00+03:00', to: '2026-08-01T00:00:00+03:00' };
/** The months whose statistics and acts went to the ОРД: the marking done before the month measured ends. */
const REPORTED_BEFORE = '2026-07-01T00:00:00+03:00';
/** Readings of a post's views kept per post: every 4 hours over its first two days. */
const READINGS = 12;

type Rows<T> = { rows: T[] };

async function idRanges(
  db: Db,
  team: number,
  each: (from: number, to: number) => Promise<void>,
  onProgress: (done: number, all: number) => void,
) {
  const [bounds] = (
    (await db.execute(
      sql`select min(id) as low, max(id) as high from deals where team_id = ${team}::bigint`,
    )) as unknown as Rows<{ low: string; high: string }>
  ).rows;
  const low = Number(bounds?.low ?? 0);
  const high = Number(bounds?.high ?? -1);
  for (let from = low; from <= high; from += CHUNK) {
    const to = Math.min(from + CHUNK - 1, high);
    await each(from, to);
    onProgress(to - low + 1, high - low + 1);
  }
}

/**
 * Pay terms for every person of the team (the master too) and their monthly payouts: on 5 of the 25 channels a percent
 * of the sales received (10 %), on 5 others of the purchases (5 %); every fourth person paid 300 ₽ per post on one
 * channel, every tenth a fixed 60 000 ₽ a month on another. A payout on the 5th of each month from the deals' first.
 */
export async function fillPay(db: Db, team: number, master: number) {
  await db.execute(sql`
    with c as (select id, row_number() over (order by id) as n from channels where team_id = ${team}::bigint),
         e as (select id, row_number() over (order by id) as n from employees where team_id = ${team}::bigint),
         terms(role_id, salary_type_id, rate, pick) as (values
           (2, 2, 10::numeric, 0), (3, 3, 5::numeric, 1), (4, 4, 300::numeric, 2), (1, 1, 60000::numeric, 3))
    insert into channel_employees (team_id, channel_id, employee_id, role_id, salary_type_id, rate, conditions, created_at)
    select ${team}::bigint, c.id, e.id, t.role_id, t.salary_type_id, t.rate, '', timestamptz '2023-11-01 00:00:00+03'
    from c, e, terms t
    where case t.pick
      when 0 then (c.n + e.n) % 5 = 0
      when 1 then (c.n + e.n) % 5 = 1
      when 2 then e.n % 4 = 0 and c.n = 1 + e.n % 25
      else e.n % 10 = 1 and c.n = 1 + (e.n + 12) % 25 end`);
  await db.execute(sql`
    insert into payouts (team_id, employee_id, amount, paid_on, note, created_by)
    select ${team}::bigint, e.id, (20000 + (e.id % 20) * 1500)::numeric(14,2), (m + interval '4 days')::date,
      'Зарплата за ' || to_char(m - interval '1 month', 'MM.YYYY'), ${master}::bigint
    from employees e, generate_series(date '2023-12-01', date '2026-10-01', interval '1 month') m
    where e.team_id = ${team}::bigint`);
}

/**
 * One deal in ten of each kind placed before POSTS_BEFORE has its post: a link on the channel it went out in (a sale's
 * our channel, a purchase's the seller's), what was read of it, and READINGS readings of its views; its latest views
 * are the deal's, as the watcher keeps them.
 */
export async function fillPosts(db: Db, team: number, onProgress: (text: string) => void) {
  await idRanges(
    db,
    team,
    async (from, to) => {
      const these = sql`team_id = ${team}::bigint and id between ${from}::bigint and ${to}::bigint
        and id % 10 = 0 and placement_at < ${POSTS_BEFORE}::timestamptz`;
      await db.execute(sql`
        update deals d set
          post_link = 'https://t.me/' || coalesce(
            case when d.kind = 'sale' then (select telegram_nick_name from channels c where c.team_id = d.team_id and c.id = d.channel_id)
              else (select username from external_channels x where x.team_id = d.team_id and x.id = d.external_channel_id) end,
            'bench_post') || '/' || (1 + d.id % 100000),
          post_views = 2000 + (d.id * 7919) % 30000
        where ${these}`);
      await db.execute(sql`
        insert into deal_posts (team_id, deal_id, link, published_at, first_text, text, checked_at, seen_at)
        select team_id, id, post_link, placement_at + interval '2 minutes',
          'Реклама. Пост сделки ' || id, 'Реклама. Пост сделки ' || id,
          placement_at + interval '7 days', placement_at + interval '7 days'
        from deals where ${these}`);
      await db.execute(sql`
        insert into post_views (team_id, deal_id, at, views)
        select team_id, id, placement_at + k * interval '4 hours', (post_views * k / ${READINGS}::int)::int
        from deals, generate_series(1, ${READINGS}::int) k where ${these}`);
    },
    (done, all) => onProgress(`посты: ${done} / ${all}`),
  );
}

/**
 * The team's legal details, those of every other contact, and the marking of the deals placed in the MARKED months:
 * of ten deals, five registered by us with everything given (one of them still without its contract's number), one by
 * the counterpart, one not required, three not chosen yet; before REPORTED_BEFORE four in ten have their statistics and
 * act accepted by the ОРД, and one in ten its views entered by hand.
 */
export async function fillMarking(db: Db, team: number, onProgress: (text: string) => void) {
  await db.execute(sql`
    insert into team_legal (team_id, type, name, inn, kpp)
    values (${team}::bigint, 'juridical', 'ООО «Бенч Сеть»', '7701234567', '770101001')`);
  await db.execute(sql`
    insert into contact_legal (team_id, contact_id, details)
    select team_id, id, jsonb_build_object('type', 'juridical', 'name', 'ООО «' || name || '»',
      'inn', (7700000000 + id % 99999999)::text)
    from contacts where team_id = ${team}::bigint and id % 2 = 0`);
  await idRanges(
    db,
    team,
    async (from, to) => {
      const these = sql`d.team_id = ${team}::bigint and d.id between ${from}::bigint and ${to}::bigint
        and d.placement_at >= ${MARKED.from}::timestamptz and d.placement_at < ${MARKED.to}::timestamptz
        and d.deleted_at is null`;
      await db.execute(sql`
        insert into deal_markings (team_id, deal_id, kind, registered_by, reason, erid, advertiser, seller, contract,
          creative, erir_status, registration)
        select d.team_id, d.id, d.kind,
          case when d.id % 10 < 5 then 'us' when d.id % 10 = 5 then 'counterpart' else 'not_required' end,
          case when d.id % 10 = 6 then 'Реклама собственных товаров' end,
          case when d.id % 10 < 4 or d.id % 10 = 5 then 'Pb3XmBtzt' || d.id end,
          case when d.id % 10 <= 5 then jsonb_build_object('type', 'juridical', 'name', 'ООО «Рекламодатель ' || d.contact_id || '»',
            'inn', (7800000000 + d.contact_id % 99999999)::text) else '{}'::jsonb end,
          case when d.kind = 'purchase' and d.id % 10 < 5 then jsonb_build_object('type', 'ip', 'name', 'ИП Продавец ' || d.external_channel_id,
            'inn', (500100000000 + d.external_channel_id)::text) else '{}'::jsonb end,
          case when d.id % 10 < 5 then jsonb_strip_nulls(jsonb_build_object(
            'number', case when d.id % 10 <> 4 then 'Д-' || d.id end, 'date', (d.deal_date - 3)::text, 'type', 'service',
            'subject', 'distribution', 'amount', d.price, 'vatIncluded', true)) else '{}'::jsonb end,
          case when d.id % 10 < 5 then jsonb_build_object('form', 'text_graphic_block', 'text', 'Реклама. Пост сделки ' || d.id,
            'kktu', '30.10.1') else '{}'::jsonb end,
          case when d.id % 10 < 4 then 'active' end,
          case when d.id % 10 < 4 then 'done' end
        from deals d where ${these} and d.id % 10 < 7`);
      await db.execute(sql`
        insert into marking_reports (team_id, deal_id, views, statistics, act)
        select d.team_id, d.id, case when d.id % 10 = 1 then 5000 + d.id % 7000 end, 'done', 'done'
        from deals d where ${these} and d.placement_at < ${REPORTED_BEFORE}::timestamptz and d.id % 10 < 4`);
    },
    (done, all) => onProgress(`маркировка: ${done} / ${all}`),
  );
}

/**
 * The ids the screens' calls name: a sale and a purchase with a post, and the person with the most percent lines (the
 * longest list of deals behind one person's pay).
 */
export async function screenIds(db: Db, team: number) {
  const [row] = (
    (await db.execute(sql`
      select (select id from deals where team_id = ${team}::bigint and kind = 'sale' and post_link is not null
                and deleted_at is null order by id desc limit 1) as sale,
             (select id from deals where team_id = ${team}::bigint and kind = 'purchase' and post_link is not null
                and deleted_at is null order by id desc limit 1) as purchase,
             (select employee_id from channel_employees where team_id = ${team}::bigint and salary_type_id in (2, 3)
                group by employee_id order by count(*) desc, employee_id limit 1) as payee`)) as unknown as Rows<{
      sale: string | null;
      purchase: string | null;
      payee: string | null;
    }>
  ).rows;
  return { salePost: Number(row?.sale), purchasePost: Number(row?.purchase), payee: Number(row?.payee) };
}

/** The GET calls of the other screens: [scenario name, path, a money call]. */
export function screenGets(ids: Awaited<ReturnType<typeof screenIds>>): [string, string, boolean][] {
  return [
    ['зарплаты за месяц', '/api/payroll?from=2026-06-01&to=2026-06-30', true],
    ['маркировка: месяц', '/api/marking/months/2026-06?limit=50', true],
    ['клиенты', '/api/clients?limit=30', false],
    ['sale пост сделки', `/api/sale/${ids.salePost}/post`, false],
    ['purchase пост сделки', `/api/purchase/${ids.purchasePost}/post`, false],
    [
      'зарплата сотрудника за месяц',
      `/api/employee/${ids.payee}/payroll?from=2026-06-01&to=2026-06-30`,
      true,
    ],
  ];
}

/** A spreadsheet as teams keep them, for the import's calls: the team's channels by name, Russian money and days. */
export function importCsv(rows: number, channels: string[]) {
  const statuses = ['Опубликована', 'Завершена', 'Оплачена', 'Отменена', ''];
  const lines = ['Дата;Время;Канал;Рекламодатель;Контакт;Цена;Оплачено;Статус;Формат;Менеджер'];
  for (let i = 0; i < rows; i++) {
    const day = new Date(Date.UTC(2023, 0, 1) + (i % 1000) * 86_400_000).toISOString().slice(0, 10);
    const russian = `${day.slice(8, 10)}.${day.slice(5, 7)}.${day.slice(0, 4)}`;
    const price = 3000 + (i % 60) * 500;
    lines.push(
      [
        russian,
        `${String(8 + (i % 14)).padStart(2, '0')}:${i % 2 ? '30' : '00'}`,
        channels[i % channels.length],
        `Рекламодатель ${i % 400} (@adv_${i % 400}_bench)`,
        `Контакт ${i % 700}`,
        price.toLocaleString('ru-RU'),
        i % 3 === 0 ? 'да' : i % 3 === 1 ? String(price / 2) : '',
        statuses[i % statuses.length],
        i % 2 ? 'Пост 1/24' : 'Репост',
        i % 5 === 0 ? 'Мария Ковалёва' : '',
      ].join(';'),
    );
  }
  return Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`);
}
