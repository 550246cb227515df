import { test } from '../fixtures/bot-server.ts';
import { getJson, moscowDay, postDeal, rub } from '../fixtures/data.ts';
import {
  expect,
  expectNoA11yViolations,
  expectNoHorizontalScroll,
  saveScreenshot,
  signIn,
} from '../fixtures/index.ts';
import { E2E_CHATS } from '../fixtures/telegram-chats.ts';

// Issue 17 end to end: a server with a bot token polls the fake Telegram (fixtures/bot-server.ts); the fake makes
// the bot an administrator of our channel, the purchase gets its invite link, three people join through it, one
// joins organically and one of the three leaves, and the purchase's screen shows what the link brought.

// The fake Telegram has one update queue for the one bot token: two bot servers (one per worker) would split the
// updates between them. The file's tests share one worker, so one bot server.
test.describe.configure({ mode: 'serial' });

type Channel = { id: number; botStatus: string | null; botCanInvite: boolean };

const chat = E2E_CHATS[0] as (typeof E2E_CHATS)[number];
const person = (id: number) => ({ id, first_name: `Подписчик ${id}` });

test('the purchase screen shows its invite link and the subscribers it brought', async ({
  page,
  telegram,
}) => {
  await signIn(page);
  const origin = new URL(page.url()).origin;
  const created = await page.request.post('/api/channel', {
    headers: { Origin: origin },
    data: { telegramNickName: `@${chat.username}` },
  });
  expect(created.status(), `POST /api/channel: ${await created.text()}`).toBe(201);
  const channel = (await created.json()) as Channel;

  // The owner makes the bot an administrator; the server learns it from the update it polls.
  await telegram.drive('botAdded', chat.id, { canInvite: true });
  await expect
    .poll(async () => (await getJson<Channel>(page.request, `/api/channel/${channel.id}`)).botStatus, {
      timeout: 15_000,
    })
    .toBe('administrator');

  const price = 12_500;
  const purchase = await postDeal(page, 'purchase', {
    day: moscowDay(new Date()),
    channelId: channel.id,
    contactName: 'Продавец рекламы',
    price,
  });

  await page.goto(`/purchase/${purchase.id}`);
  const card = page.getByRole('region', { name: 'Подписчики по ссылке' });
  // The link is made by a background job right after the purchase; the card asks again on focus.
  const linkText = card.getByText(/^https:\/\/t\.me\/\+/);
  await expect(async () => {
    await page.evaluate(() => window.dispatchEvent(new Event('visibilitychange')));
    await expect(linkText).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  const link = (await linkText.textContent())?.trim() ?? '';
  await expect(card.getByRole('button', { name: 'Скопировать' })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Поделиться' })).toBeVisible();

  for (const id of [9001, 9002, 9003])
    await telegram.drive('join', chat.id, person(id), { inviteLink: link });
  await telegram.drive('join', chat.id, person(9004));
  await telegram.drive('leave', chat.id, person(9001));

  const figure = (term: string) =>
    card.locator('dt', { hasText: new RegExp(`^${term}$`) }).locator('xpath=following-sibling::dd[1]');
  // The joins and the leave arrive as separate updates: the card may first show the joins alone, so it is asked
  // again until it has all of them.
  await expect(async () => {
    await page.evaluate(() => window.dispatchEvent(new Event('visibilitychange')));
    await expect(figure('Вступили')).toHaveText('3', { timeout: 1_000 });
    await expect(figure('Вышли')).toHaveText('1', { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  await expect(figure('Остались')).toHaveText('2');
  await expect(figure('Цена подписчика')).toHaveText('4\u00a0166,67\u00a0руб');
  await expect(figure('Цена оставшегося')).toHaveText(rub(price / 2));
  await expect(card.getByRole('img', { name: /^Вступления по дням, \d\d\.\d\d: вступили 3/ })).toBeVisible();

  const download = page.waitForEvent('download');
  await card.getByRole('button', { name: 'Скачать журнал (CSV)' }).click();
  expect((await download).suggestedFilename()).toBe(`Подписчики закупки-${purchase.id}.csv`);

  await expectNoHorizontalScroll(page);
  await expectNoA11yViolations(page);
  await saveScreenshot(page, 'bot-attribution-purchase');
});
