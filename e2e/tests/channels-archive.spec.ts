import type { Page } from '@playwright/test';
import { addDays, getJson, moscowDay, postDeal } from '../fixtures/data.ts';
import {
  action,
  atPath,
  expect,
  expectNoA11yViolations,
  expectNoHorizontalScroll,
  saveScreenshot,
  settled,
  signIn,
  test,
} from '../fixtures/index.ts';
import { E2E_CHATS } from '../fixtures/telegram-chats.ts';

// Issue 16, item 2: deleting a channel archives it. Its deals stay in the lists with its name; 'Архив' on /channels
// lists it with 'Восстановить'. Item 5: a zero-gap double click on 'Добавить канал' adds one channel; an empty
// /channels offers its add button.

type Channel = { id: number; name: string };

const origin = (page: Page) => ({ Origin: new URL(page.url()).origin });

async function addChannel(page: Page, username: string): Promise<Channel> {
  const response = await page.request.post('/api/channel', { data: { telegramNickName: `@${username}` } });
  expect(response.status(), `POST /api/channel @${username}`).toBe(201);
  return response.json();
}

async function liveChannels(page: Page): Promise<Channel[]> {
  return (await getJson<{ items: Channel[] }>(page.request, '/api/channel?limit=200')).items;
}

/** Every 'Восстановить' of the archive is at least 44 px high (a thumb's target). */
async function expectRestoreTargets(page: Page) {
  for (const button of await page.getByRole('button', { name: /^Восстановить/ }).all()) {
    const box = await button.boundingBox();
    expect(box?.height ?? 0, 'Восстановить height').toBeGreaterThanOrEqual(44);
  }
}

test('an archived channel keeps its sale in /sales with its name; “Архив” lists it and “Восстановить” brings it back', async ({
  page,
}) => {
  await signIn(page);
  const chat = E2E_CHATS[2];
  if (!chat) throw new Error('fixtures/telegram-chats.ts needs 3 names');
  const channel = await addChannel(page, chat.username);
  const contact = 'Покупатель архивного канала';
  // After every sample deal (placements reach 29 days ahead): it heads the list.
  await postDeal(page, 'sale', {
    day: addDays(moscowDay(new Date()), 40),
    channelId: channel.id,
    contactName: contact,
    price: 55_500,
  });

  await page.goto(`/channels/${channel.id}`);
  await expect(page.getByRole('heading', { level: 2, name: channel.name })).toBeVisible();
  await action(page, 'В архив').click();
  const sheet = page.getByRole('dialog', { name: 'Перенести канал в архив?' });
  await expect(sheet).toContainText('продажи и закупки останутся');
  await settled(sheet);
  await sheet.getByRole('button', { name: 'В архив' }).click();
  await expect(page).toHaveURL(atPath('/channels'));
  await expect(page.getByText('Канал перенесён в архив')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Ваши каналы' })).not.toContainText(channel.name);
  expect((await liveChannels(page)).map((c) => c.id)).not.toContain(channel.id);

  // The sale stays in the list, with the archived channel's name.
  await page.goto('/sales');
  const card = page.getByRole('article').filter({ hasText: contact });
  await expect(card).toContainText(channel.name);
  // A channel filter already in the address keeps its chip with the name (finance's filter).
  await page.goto(`/finance?channelId=${channel.id}`);
  await expect(page.getByRole('button', { name: `Канал: ${channel.name}` })).toBeVisible();
  // ...and the deal lists' (its sale is the one the list then shows).
  await page.goto(`/sales?channelId=${channel.id}`);
  await expect(page.getByRole('button', { name: `Канал: ${channel.name}` })).toBeVisible();
  await expect(page.getByRole('article').filter({ hasText: contact })).toBeVisible();

  await page.goto('/channels');
  const entry = page.getByRole('link', { name: /^Архив/ });
  await expect(entry).toContainText('1 канал');
  await entry.click();
  await expect(page).toHaveURL(atPath('/channels/archive'));
  const archive = page.getByRole('list', { name: 'Каналы в архиве' });
  await expect(archive.getByRole('listitem')).toHaveCount(1);
  await expect(archive).toContainText(channel.name);
  await page.waitForLoadState('networkidle');
  await saveScreenshot(page, 'channels-archive');
  await expectNoHorizontalScroll(page);
  await expectRestoreTargets(page);
  await expectNoA11yViolations(page);

  // The archived channel's own screen: the banner with 'Восстановить', no bot, employees or archive button.
  await archive.getByRole('link', { name: new RegExp(channel.name) }).click();
  await expect(page).toHaveURL(atPath(`/channels/${channel.id}`));
  const banner = page.getByRole('region', { name: 'Канал в архиве' });
  await expect(banner).toBeVisible();
  await expect(page.getByRole('region', { name: 'Сотрудники' })).toHaveCount(0);
  await expect(action(page, 'В архив')).toHaveCount(0);
  await page.waitForLoadState('networkidle');
  await saveScreenshot(page, 'channel-archived');
  await expectNoHorizontalScroll(page);
  await expectNoA11yViolations(page);
  await page.goBack();

  await expect(page).toHaveURL(atPath('/channels/archive'));
  await archive.getByRole('button', { name: `Восстановить «${channel.name}»` }).click();
  await expect(page.getByText('Канал восстановлен')).toBeVisible();
  await expect(page.getByText('В архиве нет каналов')).toBeVisible();
  expect((await liveChannels(page)).map((c) => c.id)).toContain(channel.id);
  await page.getByRole('link', { name: 'Назад' }).click();
  await expect(page).toHaveURL(atPath('/channels'));
  await expect(page.getByRole('list', { name: 'Ваши каналы' })).toContainText(channel.name);
  await expect(page.getByRole('link', { name: /^Архив/ })).toHaveCount(0);
});

test('a zero-gap double click on “Добавить канал” adds one channel and says “Канал добавлен”', async ({
  page,
}) => {
  await signIn(page, { to: '/channels/create' });
  const before = (await liveChannels(page)).length;
  const chat = E2E_CHATS[3];
  if (!chat) throw new Error('fixtures/telegram-chats.ts needs 4 names');
  await page.getByRole('textbox', { name: 'Ссылка на канал' }).fill(`https://t.me/${chat.username}`);
  await expect(page.getByRole('region', { name: 'Найденный канал' })).toContainText(chat.title);
  const add = page.getByRole('button', { name: 'Добавить канал' });
  await expect(add).toBeEnabled();

  const posts: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/channel') {
      posts.push(request.headers()['idempotency-key'] ?? '');
    }
  });
  // Two clicks in one task: the second comes before React can re-render the button as disabled.
  await add.evaluate((button: HTMLButtonElement) => {
    button.click();
    button.click();
  });
  await expect(page.getByRole('heading', { name: 'Канал добавлен' })).toBeVisible();
  await expect(page.getByText('Канал уже добавлен')).toHaveCount(0);
  expect((await liveChannels(page)).length).toBe(before + 1);
  expect(new Set(posts).size, 'one submission, one Idempotency-Key').toBe(1);
});

test('an empty /channels offers “Добавить канал” in its message, and “Архив” below', async ({ page }) => {
  await signIn(page, { to: '/channels' });
  for (const channel of await liveChannels(page)) {
    const response = await page.request.delete(`/api/channel/${channel.id}`, { headers: origin(page) });
    expect(response.status()).toBe(204);
  }
  await page.reload();
  await expect(page.getByText('У вас пока нет каналов, создайте новый канал')).toBeVisible();
  const add = page.getByRole('main').getByRole('link', { name: 'Добавить канал' });
  await expect(add).toBeVisible();
  await expect(page.getByRole('link', { name: 'Добавить канал' })).toHaveCount(1);
  await expect(page.getByRole('link', { name: /^Архив/ })).toContainText('4 канала');
  await saveScreenshot(page, 'channels-empty');
  await expectNoHorizontalScroll(page);
  await expectNoA11yViolations(page);
  await add.click();
  await expect(page).toHaveURL(atPath('/channels/create'));
});
