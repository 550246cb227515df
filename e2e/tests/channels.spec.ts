import type { Page } from '@playwright/test';
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

// Issue 3, web part: the channel screens against the server, with Telegram played by the local fake
// (fake-telegram.ts, started by playwright.config.ts). Demo masters start with 4 sample channels on a 10-channel trial.

const telegramRoot = `http://127.0.0.1:${process.env.E2E_TELEGRAM_PORT}`;

/** The team's channel count as the server has it, read with the page's own session. */
async function channelTotal(page: Page): Promise<number> {
  const response = await page.request.get('/api/channel?limit=1');
  expect(response.status(), 'GET /api/channel').toBe(200);
  return (await response.json()).total;
}

/** Types (pastes) a link on /channels/create and waits for the channel Telegram knows under it. */
async function lookUp(page: Page, link: string, name: string) {
  await page.getByRole('textbox', { name: 'Ссылка на канал' }).fill(link);
  const found = page.getByRole('region', { name: 'Найденный канал' });
  await expect(found).toContainText(name);
  return found;
}

test('add a channel by pasting its t.me link, see it on /channels and the dashboard, open it, archive it', async ({
  page,
}) => {
  await signIn(page);
  const channelsCard = (summary: string) => page.getByRole('link', { name: `Каналы: ${summary}` });
  await expect(channelsCard('4 канала')).toBeVisible();

  // In-app navigation all along: the dashboard card must refresh from the cache's invalidation, not a reload.
  await channelsCard('4 канала').click();
  await expect(page).toHaveURL(atPath('/channels'));
  await expect(page.getByText('4 канала', { exact: true })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await saveScreenshot(page, 'channels');
  await expectNoHorizontalScroll(page);
  await expectNoA11yViolations(page);

  await action(page, 'Добавить канал').click();
  await expect(page).toHaveURL(atPath('/channels/create'));
  const add = page.getByRole('button', { name: 'Добавить канал' });
  await expect(add).toBeDisabled();
  const found = await lookUp(page, 'https://t.me/finance_for_all', 'Финансы для всех');
  const image = found.getByRole('img', { name: 'Финансы для всех' });
  await expect(image).toHaveAttribute('src', `${telegramRoot}/avatar/finance_for_all.svg`);
  // Really drawn: the server's CSP lets the preview host's images in.
  await expect
    .poll(() => image.evaluate((img) => (img as HTMLImageElement).naturalWidth), { message: 'image loaded' })
    .toBeGreaterThan(0);
  await expect(add).toBeEnabled();
  await saveScreenshot(page, 'channels-create-found');
  await expectNoHorizontalScroll(page);
  await expectNoA11yViolations(page);

  await add.click();
  await expect(page.getByRole('heading', { name: 'Канал добавлен' })).toBeVisible();
  await saveScreenshot(page, 'channels-create-success');
  await expectNoA11yViolations(page);
  expect(await channelTotal(page), 'channels on the server after adding').toBe(5);

  await action(page, 'Хорошо').click();
  await expect(page).toHaveURL(atPath('/channels'));
  const row = page.getByRole('link', { name: /Финансы для всех/ });
  await expect(row).toBeVisible();
  await expect(page.getByText('5 каналов', { exact: true })).toBeVisible();

  await page.getByRole('link', { name: 'Назад' }).click();
  await expect(page).toHaveURL(atPath('/dashboard'));
  await expect(channelsCard('5 каналов')).toBeVisible();

  await channelsCard('5 каналов').click();
  await row.click();
  await expect(page).toHaveURL(/\/channels\/\d+$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Финансы для всех' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Финансы для всех' })).toHaveAttribute(
    'src',
    `${telegramRoot}/avatar/finance_for_all.svg`,
  );
  // The e2e server has no bot token.
  await expect(page.getByRole('region', { name: 'Бот не подключён' })).toContainText('На этом сервере');
  await expect(page.getByRole('region', { name: 'Сотрудники' })).toContainText(
    'На канале пока нет сотрудников',
  );
  await page.waitForLoadState('networkidle');
  await saveScreenshot(page, 'channel-added');

  await action(page, 'В архив').click();
  const sheet = page.getByRole('dialog', { name: 'Перенести канал в архив?' });
  await expect(sheet).toContainText('Финансы для всех');
  await expect(sheet).toContainText('продажи и закупки останутся');
  await expect(sheet.getByRole('button', { name: 'В архив' })).toBeInViewport();
  await settled(sheet);
  await saveScreenshot(page, 'channel-delete-sheet', { fullPage: false });
  await sheet.getByRole('button', { name: 'В архив' }).click();

  await expect(page).toHaveURL(atPath('/channels'));
  await expect(page.getByText('Канал перенесён в архив')).toBeVisible();
  await expect(page.getByText('4 канала', { exact: true })).toBeVisible();
  await expect(row).toHaveCount(0);
  expect(await channelTotal(page), 'live channels on the server after archiving').toBe(4);

  await page.getByRole('link', { name: 'Назад' }).click();
  await expect(channelsCard('4 канала')).toBeVisible();
});

test('a sample channel: bot card, 3 employees with “Все”, the employee list and the link cards', async ({
  page,
}) => {
  await signIn(page, { to: '/channels' });
  // The first sample channel has the whole sample staff.
  await page.getByRole('link', { name: /Бизнес и деньги/ }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Бизнес и деньги' })).toBeVisible();
  const channelUrl = page.url();
  const id = new URL(channelUrl).pathname.split('/')[2];

  const employees = page.getByRole('region', { name: 'Сотрудники' });
  await expect(employees.getByRole('listitem')).toHaveCount(3);
  await expect(page.getByRole('region', { name: 'Бот не подключён' })).toContainText('На этом сервере');
  const sections = page.getByRole('navigation', { name: 'Разделы канала' });
  for (const [label, path] of [
    ['Продажи', 'sales'],
    ['Закупки', 'purchases'],
    ['Контент', 'content'],
  ] as const) {
    await expect(sections.getByRole('link', { name: label })).toHaveAttribute(
      'href',
      `/channels/${id}/${path}`,
    );
  }
  await page.waitForLoadState('networkidle');
  await saveScreenshot(page, 'channel');
  await expectNoHorizontalScroll(page);
  await expectNoA11yViolations(page);

  // A server with a bot (this one has none): the card tells how to make it an administrator.
  await page.route('**/api/telegram/bot', (route) => route.fulfill({ json: { username: 'addesk_bot' } }));
  await page.reload();
  const bot = page.getByRole('region', { name: 'Бот не добавлен' });
  await expect(bot).toContainText('@addesk_bot');
  await expect(bot).toContainText('«Управление каналом» → «Администраторы»');
  await page.waitForLoadState('networkidle');
  await saveScreenshot(page, 'channel-bot-instructions');
  await expectNoHorizontalScroll(page);
  await expectNoA11yViolations(page);
  await page.unroute('**/api/telegram/bot');

  // Smaller phones (360 px): nothing scrolls sideways.
  await page.setViewportSize({ width: 360, height: 740 });
  await expectNoHorizontalScroll(page);
  await saveScreenshot(page, 'channel-360px');
  await page.setViewportSize({ width: 390, height: 844 });

  await employees.getByRole('link', { name: 'Все' }).click();
  await expect(page).toHaveURL(atPath(`/channels/${id}/employees`));
  await expect(page.getByRole('list', { name: 'Сотрудники канала' }).getByRole('listitem')).toHaveCount(3);
  await saveScreenshot(page, 'channel-employees');
  await expectNoHorizontalScroll(page);
  await expectNoA11yViolations(page);

  await action(page, 'Добавить сотрудника').click();
  await expect(page).toHaveURL(atPath(`/channels/${id}/employees/add`));
  await expect(page.getByRole('heading', { level: 1, name: 'Добавить сотрудника' })).toBeVisible();

  // The channel's sales: the list of /sales with the channel fixed and named in the title.
  await page.goto(`${channelUrl}/sales`);
  await expect(page.getByRole('heading', { level: 1, name: /^Продажи · / })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Канал/ })).toHaveCount(0);
  await expectNoHorizontalScroll(page);
});

test('the create screen explains a private link at once and an unknown name after the lookup', async ({
  page,
}) => {
  await signIn(page, { to: '/channels/create' });
  const field = page.getByRole('textbox', { name: 'Ссылка на канал' });
  const add = page.getByRole('button', { name: 'Добавить канал' });

  await field.fill('https://t.me/+AbCdEf123456');
  await expect(page.getByRole('alert')).toContainText('приватная ссылка-приглашение');
  await expect(add).toBeDisabled();
  await saveScreenshot(page, 'channels-create-private-link');

  await field.fill('t.me/no_such_channel_here');
  await expect(page.getByRole('alert')).toHaveText('Канал не найден');
  await expect(add).toBeDisabled();
});

test('the 11th channel of the trial shows the tariff limit with a link to /profile/tariff', async ({
  page,
}) => {
  await signIn(page);
  expect(await channelTotal(page), 'sample channels').toBe(4);

  // Up to the trial's 10 through the API, the one over it through the screen.
  const [spare, ...others] = E2E_CHATS.filter((chat) => chat.kind !== 'user');
  if (!spare || others.length < 6) throw new Error('fixtures/telegram-chats.ts needs at least 7 names');
  for (const chat of others.slice(0, 6)) {
    const response = await page.request.post('/api/channel', {
      data: { telegramNickName: `@${chat.username}` },
    });
    expect(response.status(), `POST /api/channel @${chat.username}`).toBe(201);
  }
  expect(await channelTotal(page)).toBe(10);

  await page.goto('/channels/create');
  await lookUp(page, `https://t.me/${spare.username}`, spare.title);
  await page.getByRole('button', { name: 'Добавить канал' }).click();

  const problem = page.getByRole('alert');
  await expect(problem).toContainText('Ваш тариф позволяет вести 10 каналов');
  const tariffs = problem.getByRole('link', { name: 'Выбрать тариф' });
  await expect(tariffs).toHaveAttribute('href', '/profile/tariff');
  await saveScreenshot(page, 'channels-create-limit');
  await expectNoA11yViolations(page);
  expect(await channelTotal(page), 'nothing was added').toBe(10);

  await tariffs.click();
  await expect(page).toHaveURL(atPath('/profile/tariff'));
});
