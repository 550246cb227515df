import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { FakeUser, startFakeTelegram } from '../../helpers/fake-telegram.js';
import { sameOrigin } from '../../helpers/test-app.js';

export type Fake = Awaited<ReturnType<typeof startFakeTelegram>>;
export type Headers = { cookie: string };

/** 'Подключить Telegram': the link's start token. */
export async function startToken(app: FastifyInstance, headers: Headers): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/profile/telegram/link',
    headers: { ...headers, ...sameOrigin },
  });
  expect(response.statusCode, response.body).toBe(200);
  const { url } = response.json() as { url: string };
  const match = url.match(/^https:\/\/t\.me\/addesk_bot\?start=([A-Za-z0-9_-]{1,64})$/);
  expect(match, url).not.toBeNull();
  return match?.[1] ?? '';
}

/** The person writes to the bot; the update is taken in and handled as the loops would. */
export async function say(app: FastifyInstance, fake: Fake, user: FakeUser, text: string) {
  fake.message(user, text);
  await app.bot.receiveUpdates();
  await app.jobs.runDue();
}

/** Links `user`'s Telegram to the signed-in person the way a browser and the Telegram app do. */
export async function linkTelegram(app: FastifyInstance, fake: Fake, headers: Headers, user: FakeUser) {
  await say(app, fake, user, `/start ${await startToken(app, headers)}`);
}

export async function settingsOf(app: FastifyInstance, headers: Headers) {
  const response = await app.inject({ url: '/api/settings', headers });
  expect(response.statusCode).toBe(200);
  return response.json();
}

/** The texts the bot sent to one chat, in order. */
export const textsTo = (fake: Fake, chatId: number) =>
  fake
    .sent('sendMessage')
    .filter((params) => Number(params.chat_id) === chatId)
    .map((params) => String(params.text));
