import { TRIAL } from '@addesk/contract';
import { addMonths } from '../lib/dates.js';
import type { Db } from './client.js';
import { channelEmployees, channels, employees, subscriptions } from './schema/index.js';

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

const DEMO_EMPLOYEES = [
  { firstName: 'Мария', secondName: 'Ковалёва', telegramNickName: 'maria_kovaleva' },
  { firstName: 'Дмитрий', secondName: 'Орлов', telegramNickName: 'd_orlov' },
  { firstName: 'Анна', secondName: 'Белова', telegramNickName: 'anna_belova_ads' },
];

/**
 * Sample data of a demo team, written in the transaction that creates the team. Icons stay empty: the app shows
 * initials, and nothing reaches out to the internet. Later features add their own sample rows here.
 */
export async function seedDemoTeam(db: Db, { teamId, employeeId }: Member) {
  const staff = await db
    .insert(employees)
    .values(DEMO_EMPLOYEES.map((e) => ({ ...e, teamId, managerId: employeeId })))
    .returning({ id: employees.id });
  const owned = await db
    .insert(channels)
    .values(DEMO_CHANNELS.map((c) => ({ ...c, teamId, ownerEmployeeId: employeeId })))
    .returning({ id: channels.id });
  // Everyone works on the first channel; the others get one employee each, round robin.
  const assignments = owned.flatMap((channel, i) =>
    (i === 0 ? staff : [staff[i % staff.length]]).flatMap((e) =>
      e ? [{ channelId: channel.id, employeeId: e.id }] : [],
    ),
  );
  await db.insert(channelEmployees).values(assignments.map((a) => ({ ...a, teamId })));
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
