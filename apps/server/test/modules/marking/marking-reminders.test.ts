import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { channels } from '../../../src/db/schema/index.js';
import { type FakeUser, startFakeTelegram } from '../../helpers/fake-telegram.js';
import { callWith, createTestApp, PUBLIC_URL } from '../../helpers/test-app.js';
import { signInWith } from '../../helpers/users.js';
import { type Fake, linkTelegram, textsTo } from '../reminders/telegram.js';

// Issue 35: the owner hears from the bot 5 days and 1 day before a month's deadline while some deal of it lacks what
// the paperwork needs, once each, on the team's clock (Moscow here); the server's clock is moved by the test.

const owner: FakeUser = { id: 9301, first_name: 'Ольга', username: 'olga_owner' };
let now = new Date('2027-04-01T09:00:00Z');

describe('the bot reminds the owner of the month’s deadline', () => {
  let fake: Fake;
  let app: FastifyInstance;
  let me: { cookie: string };
  let channelId: number;
  let firstSale: number;

  const at = async (instant: string) => {
    now = new Date(instant);
    await app.jobs.runDue();
    return textsTo(fake, owner.id);
  };
  const sale = async (time: string) => {
    const made = await callWith(app, me, 'POST', '/api/sale', {
      accommodationCondition: { accommodationTime: time },
      advertisementFormatId: 1,
      advertisementTypeId: 2,
      statusId: 1,
      channelId,
      price: 1000,
      saleDate: time.slice(0, 10),
      contactPerson: { name: 'Олег' },
    });
    expect(made.statusCode, made.body).toBe(201);
    return made.json().id as number;
  };

  beforeAll(async () => {
    fake = await startFakeTelegram([]);
    app = await createTestApp({ ...fake.botEnv, BACKGROUND_JOBS: '0' }, { clock: () => now });
    const signed = await signInWith(app, 'marking-reminders');
    me = signed.headers;
    const [channel] = await app.db
      .insert(channels)
      .values({
        teamId: signed.member.teamId,
        name: 'Наш канал',
        telegramNickName: 'remind_ch',
        ownerEmployeeId: signed.member.employeeId,
      })
      .returning({ id: channels.id });
    channelId = channel?.id ?? 0;
    await linkTelegram(app, fake, me, owner);
    // March 2027: two deals nobody has marked yet, one on the month's last evening; the deadline is 30 April.
    firstSale = await sale('2027-03-05T12:00:00+03:00');
    await sale('2027-03-31T23:30:00+03:00');
  });
  afterAll(async () => {
    await app.close();
    await fake.close();
  });

  it('sends once 5 days before, once 1 day before, after the morning on the team clock, never again', async () => {
    const link = `${PUBLIC_URL}/marking`;
    const before = (await at('2027-04-24T12:00:00+03:00')).length;
    // 25 April before 09:00 in Moscow: not yet.
    expect((await at('2027-04-25T08:30:00+03:00')).length).toBe(before);
    const five = await at('2027-04-25T09:30:00+03:00');
    expect(five.slice(before)).toEqual([
      `Маркировка за март: до 30.04.2027 осталось 5 дней, не хватает данных по 2 сделкам — ${link}`,
    ]);
    // The same day's later runs, and the days between, send nothing.
    expect((await at('2027-04-25T10:30:00+03:00')).length).toBe(before + 1);
    expect((await at('2027-04-25T23:30:00+03:00')).length).toBe(before + 1);
    expect((await at('2027-04-27T12:00:00+03:00')).length).toBe(before + 1);
    // One deal filled in: one left to mention.
    const marked = await callWith(app, me, 'PUT', `/api/sale/${firstSale}/marking`, {
      registeredBy: 'not_required',
      reason: 'Собственная реклама',
    });
    expect(marked.statusCode).toBe(200);
    const one = await at('2027-04-29T09:00:00+03:00');
    expect(one.slice(before + 1)).toEqual([
      `Маркировка за март: до 30.04.2027 остался 1 день, не хватает данных по 1 сделке — ${link}`,
    ]);
    expect((await at('2027-04-29T15:00:00+03:00')).length).toBe(before + 2);
    expect((await at('2027-04-30T12:00:00+03:00')).length).toBe(before + 2);
  });

  it('says nothing when nothing is missing', async () => {
    const sent = textsTo(fake, owner.id).length;
    // April's deadline is 31 May; the team has no April deals, so 26 May passes in silence.
    expect((await at('2027-05-26T10:00:00+03:00')).length).toBe(sent);
  });
});
