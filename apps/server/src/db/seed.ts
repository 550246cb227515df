import { DEFAULT_TIME_ZONE, TRIAL } from '@addesk/contract';
import { eq } from 'drizzle-orm';
import { addDays, addMonths, atWallTime, dayOf, shiftDay } from '../lib/dates.js';
import type { Db } from './client.js';
import {
  channelEmployees,
  channels,
  contacts,
  dealPayments,
  deals,
  employees,
  externalChannels,
  paymentMethods,
  subscriptions,
  teams,
} from './schema/index.js';

type Member = { teamId: number; employeeId: number };

const COUNTERPARTS = [
  {
    channel: 'Деньги и карьера',
    username: 'dengi_kariera',
    contact: 'Ольга Смирнова',
    contactUsername: 'olga_smirnova_ads',
  },
  {
    channel: 'Психология жизни',
    username: 'psy_life_daily',
    contact: 'Игорь Лебедев',
    contactUsername: 'igor_lebedev_pr',
  },
  {
    channel: 'Авто новости',
    username: 'auto_news_ru',
    contact: 'Сергей Козлов',
    contactUsername: 'kozlov_reklama',
  },
  {
    channel: 'Мамин чат',
    username: 'mamin_chat_ru',
    contact: 'Екатерина Новикова',
    contactUsername: 'katya_novikova',
  },
  {
    channel: 'Крипто инсайды',
    username: 'crypto_insides',
    contact: 'Артём Волков',
    contactUsername: 'artem_volkov_ads',
  },
  {
    channel: 'Фитнес дома',
    username: 'fitness_doma',
    contact: 'Юлия Фролова',
    contactUsername: 'yulia_frolova',
  },
  {
    channel: 'Кино вечером',
    username: 'kino_vecherom',
    contact: 'Никита Соколов',
    contactUsername: 'n_sokolov',
  },
  {
    channel: 'Digital-маркетинг',
    username: 'digital_mkt_ru',
    contact: 'Алина Морозова',
    contactUsername: 'alina_mkt',
  },
];

/** A small seeded generator: the same team gets the same sample deals. */
function random(seed: number) {
  let state = seed >>> 0 || 1;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

const DEMO_CHANNELS = [
  {
    name: 'Бизнес и деньги',
    telegramNickName: 'biz_money_daily',
    description: 'Новости бизнеса и личных финансов',
  },
  {
    name: 'Путешествия по России',
    telegramNickName: 'travel_russia_go',
    description: 'Маршруты, отели и лайфхаки',
  },
  {
    name: 'Кулинарные рецепты',
    telegramNickName: 'recepty_doma',
    description: 'Простые рецепты на каждый день',
  },
  {
    name: 'IT-вакансии',
    telegramNickName: 'it_jobs_hub',
    description: 'Вакансии для разработчиков и аналитиков',
  },
];

// Roles and salary types by the ids of the reference migration (drizzle/0001_reference_data.sql).
const DEMO_EMPLOYEES = [
  {
    person: { firstName: 'Мария', secondName: 'Ковалёва', telegramNickName: 'maria_kovaleva' },
    terms: {
      roleId: 2,
      salaryTypeId: 2,
      rate: '10',
      conditions: '10% от каждой продажи, выплата по пятницам',
    },
    requisites: { paymentMethodTypeId: 2, credentials: '+7 900 123-45-67', description: 'Сбербанк' },
  },
  {
    person: { firstName: 'Дмитрий', secondName: 'Орлов', telegramNickName: 'd_orlov' },
    terms: { roleId: 3, salaryTypeId: 3, rate: '7', conditions: '7% от бюджета закупок' },
    requisites: { paymentMethodTypeId: 1, credentials: '2202 2000 1234 5678', description: 'Т-Банк' },
  },
  {
    person: { firstName: 'Анна', secondName: 'Белова', telegramNickName: 'anna_belova_ads' },
    terms: { roleId: 4, salaryTypeId: 4, rate: '500', conditions: '500 руб за пост' },
    requisites: { paymentMethodTypeId: 3, credentials: '4100 1234 5678 9012', description: '' },
  },
];

/**
 * Sample data of a demo team, written in the transaction that creates the team. Icons stay empty: the app shows
 * initials, and nothing reaches out to the internet. Later features add their own sample rows here.
 */
export async function seedDemoTeam(db: Db, { teamId, employeeId }: Member) {
  const staff = await db
    .insert(employees)
    .values(DEMO_EMPLOYEES.map((e) => ({ ...e.person, teamId, managerId: employeeId })))
    .returning({ id: employees.id });
  const owned = await db
    .insert(channels)
    .values(DEMO_CHANNELS.map((c) => ({ ...c, teamId, ownerEmployeeId: employeeId })))
    .returning({ id: channels.id });
  // Everyone works on the first channel; each other channel gets one employee, round robin.
  const assignments = owned.flatMap((channel, c) =>
    DEMO_EMPLOYEES.flatMap((e, i) => {
      const person = staff[i];
      return person && (c === 0 || c % DEMO_EMPLOYEES.length === i)
        ? [{ teamId, channelId: channel.id, employeeId: person.id, ...e.terms }]
        : [];
    }),
  );
  await db.insert(channelEmployees).values(assignments);
  await db
    .insert(paymentMethods)
    .values(
      DEMO_EMPLOYEES.flatMap((e, i) =>
        staff[i] ? [{ teamId, employeeId: staff[i].id, ...e.requisites }] : [],
      ),
    );
  await seedDeals(
    db,
    { teamId, employeeId },
    owned.map((c) => c.id),
    staff.map((e) => e.id),
  );
  // Demo masters try the product on the trial (decisions D3): its channel limit, its end date on the profile.
  const now = new Date();
  await db.insert(subscriptions).values({
    teamId,
    employeeId,
    tariff: 'trial',
    source: 'trial',
    startsAt: now,
    endsAt: addMonths(now, TRIAL.months),
  });
}

/** 30-60 sales and purchases over the last three months and the next one, with real-looking counterparts. */
async function seedDeals(db: Db, { teamId, employeeId }: Member, channelIds: number[], staffIds: number[]) {
  const next = random(teamId * 7919);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  const outside = await db
    .insert(externalChannels)
    .values(COUNTERPARTS.map((c) => ({ teamId, name: c.channel, username: c.username })))
    .returning({ id: externalChannels.id });
  const people = await db
    .insert(contacts)
    .values(COUNTERPARTS.map((c) => ({ teamId, name: c.contact, username: c.contactUsername })))
    .returning({ id: contacts.id });
  // Placements fall in working hours of the team's own clock (decisions D5).
  const [team] = await db.select({ timeZone: teams.timeZone }).from(teams).where(eq(teams.id, teamId));
  const timeZone = team?.timeZone ?? DEFAULT_TIME_ZONE;
  const today = dayOf(new Date(), timeZone);
  const rows = Array.from({ length: 24 + Math.floor(next() * 12) }, (): 'sale' | 'purchase' => 'sale')
    .concat(Array.from({ length: 18 + Math.floor(next() * 10) }, () => 'purchase' as const))
    .map((kind) => {
      const offsetDays = Math.floor(next() * 120) - 90;
      const placementAt = atWallTime(
        shiftDay(today, offsetDays),
        10 + Math.floor(next() * 12),
        next() < 0.5 ? 0 : 30,
        timeZone,
      );
      const past = offsetDays < 0;
      // Past deals are mostly done; coming ones are agreed or awaiting payment.
      const saleStatus = past ? pick([4, 5, 6, 6, 6, 7]) : pick([1, 2, 3, 4]);
      const purchaseStatus = past ? pick([13, 14, 15, 15, 15, 16]) : pick([11, 12, 13]);
      const counterpart = Math.floor(next() * COUNTERPARTS.length);
      const durationType = pick(['INFINITY', 'INFINITY', 'DAYS', 'HOURS'] as const);
      return {
        teamId,
        kind,
        channelId: pick(channelIds),
        employeeId:
          kind === 'sale'
            ? pick([employeeId, staffIds[0] ?? employeeId])
            : pick([employeeId, staffIds[1] ?? employeeId]),
        externalChannelId: outside[counterpart]?.id ?? null,
        contactId: people[counterpart]?.id ?? null,
        advertisementFormatId: pick([1, 1, 1, 2, 3, 4, 5]),
        advertisementTypeId: kind === 'sale' ? pick([1, 1, 2, 3, 4]) : null,
        statusId: kind === 'sale' ? saleStatus : purchaseStatus,
        placementAt,
        durationType,
        duration:
          durationType === 'INFINITY' ? null : durationType === 'DAYS' ? pick([1, 3, 7]) : pick([24, 48, 72]),
        hoursInTop: pick([0, 1, 2, 24]),
        price: String((kind === 'sale' ? 3000 : 2000) + Math.floor(next() * 60) * 500),
        dealDate: dayOf(addDays(placementAt, -Math.floor(next() * 7)), timeZone),
      };
    })
    .map((row) => {
      // Money (decisions D5): paid deals carry their payment, one awaiting it a due date a week after the deal
      // (overdue once that has passed) and sometimes an advance.
      const paid = PAID_STATUSES.has(row.statusId);
      const awaiting = row.statusId === AWAITING_PAYMENT;
      return {
        ...row,
        paymentDueDate: awaiting ? shiftDay(row.dealDate, 7) : null,
        paidAmount: paid ? row.price : awaiting && next() < 0.5 ? String(Number(row.price) / 2) : '0',
      };
    });
  const inserted = await db
    .insert(deals)
    .values(rows)
    .returning({ id: deals.id, paidAmount: deals.paidAmount, dealDate: deals.dealDate });
  const payments = inserted
    .filter((deal) => Number(deal.paidAmount) > 0)
    .map((deal) => ({
      teamId,
      dealId: deal.id,
      amount: deal.paidAmount,
      paidAt: shiftDay(deal.dealDate, 1),
    }));
  if (payments.length > 0) await db.insert(dealPayments).values(payments);
}

/** Statuses after the money came in: 'Оплачена', 'Опубликована', 'Завершена' of sales and of purchases (migration 0003). */
const PAID_STATUSES = new Set([4, 5, 6, 13, 14, 15]);
/** The sale status 'Ожидает оплаты'. */
const AWAITING_PAYMENT = 3;
