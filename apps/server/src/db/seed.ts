import { TRIAL } from '@addesk/contract';
import { addMonths } from '../lib/dates.js';
import type { Db } from './client.js';
import { channelEmployees, channels, employees, paymentMethods, subscriptions } from './schema/index.js';

type Member = { teamId: number; employeeId: number };

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
    terms: { roleId: 2, salaryTypeId: 2, conditions: '10% от каждой продажи, выплата по пятницам' },
    requisites: { paymentMethodTypeId: 2, credentials: '+7 900 123-45-67', description: 'Сбербанк' },
  },
  {
    person: { firstName: 'Дмитрий', secondName: 'Орлов', telegramNickName: 'd_orlov' },
    terms: { roleId: 3, salaryTypeId: 3, conditions: '7% от бюджета закупок' },
    requisites: { paymentMethodTypeId: 1, credentials: '2202 2000 1234 5678', description: 'Т-Банк' },
  },
  {
    person: { firstName: 'Анна', secondName: 'Белова', telegramNickName: 'anna_belova_ads' },
    terms: { roleId: 4, salaryTypeId: 4, conditions: '500 руб за пост' },
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
