import {
  expect,
  expectNoA11yViolations,
  expectNoHorizontalScroll,
  settled,
  signIn,
  test,
} from '../fixtures/index.ts';

// Issue 36, a deal's post: a purchase with its post's link in a seller's channel (the run's fake Telegram serves the
// channel's preview page), 'Обновить' reads it, the card shows the views, the CPM and that the agreed hour in the top
// was kept; 'Отчёт для клиента' makes the public page, which opens without a session and shows the same.

const telegramRoot = `http://127.0.0.1:${process.env.E2E_TELEGRAM_PORT}`;
const HOUR = 60 * 60_000;

/** Drives the run's fake Telegram (apps/server/test/helpers/fake-telegram.ts) over HTTP. */
async function fake(name: string, ...args: unknown[]) {
  const response = await fetch(`${telegramRoot}/__fake/${name}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(args),
  });
  expect(response.ok, `fake Telegram ${name}`).toBe(true);
  const text = await response.text();
  return text ? JSON.parse(text) : undefined;
}

test('a purchase with a post link shows its views, CPM and kept top; its report opens without a session', async ({
  page,
  browser,
}) => {
  await signIn(page, { to: '/purchases' });
  // A seller's channel of its own per test run: the fake's posts are shared by the run.
  const seller = `seller_${Date.now().toString(36)}`;
  const placedAt = new Date(Date.now() - 3 * HOUR);
  const messageId = (await fake('addPost', seller, {
    date: new Date(placedAt.getTime() + 2 * 60_000).toISOString(),
    text: 'Реклама: канал о путешествиях',
    views: 12_300,
  })) as number;

  const channels = await page.request.get('/api/channel?limit=1');
  const channelId = (await channels.json()).items[0].id as number;
  const created = await page.request.post('/api/purchase', {
    data: {
      accommodationCondition: {
        accommodationTime: placedAt.toISOString(),
        hoursInTop: 1,
        durationType: 'INFINITY',
      },
      advertisementFormatId: 1,
      channelId,
      price: 6150,
      purchaseDate: placedAt.toISOString().slice(0, 10),
      externalChannel: { name: 'Путешествия продавца' },
      postLink: `t.me/${seller}/${messageId}?single`,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const id = (await created.json()).id as number;

  await page.goto(`/purchase/${id}`);
  const card = page.getByRole('region', { name: 'Пост' });
  await expect(card.getByRole('link', { name: new RegExp(`t\\.me/${seller}/${messageId}`) })).toBeVisible();
  await card.getByRole('button', { name: 'Обновить' }).click();
  // The server reads the channel's page at once (its first reading) and the card asks again.
  await expect(card.getByText('12 300')).toBeVisible({ timeout: 15_000 });
  await expect(card.getByText('500 руб')).toBeVisible();
  await expect(card.getByText('В топе 1 ч — выполнено')).toBeVisible();
  await expect(card.getByRole('img', { name: /Просмотры/ })).toBeVisible();
  await settled(card);
  await expectNoHorizontalScroll(page);
  await expectNoA11yViolations(page);

  await card.getByRole('button', { name: 'Отчёт для клиента' }).click();
  const reportLink = card.getByText(/\/r\/[\w-]{20,}$/);
  await expect(reportLink).toBeVisible();
  const url = (await reportLink.textContent())?.trim() ?? '';
  expect(url).toMatch(/^http:\/\/localhost:\d+\/r\/[\w-]{40,}$/);

  // Opened by someone without an account: no session, nothing of the team but this placement.
  const stranger = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'ru-RU' });
  const other = await stranger.newPage();
  await other.goto(url);
  await expect(other.getByRole('heading', { name: 'Отчёт о размещении' })).toBeVisible();
  await expect(other.getByText('Путешествия продавца')).toBeVisible();
  await expect(other.getByText('В топе 1 ч — выполнено')).toBeVisible();
  await expect(other.getByText('6 150')).toHaveCount(0);
  await expectNoHorizontalScroll(other);
  await expectNoA11yViolations(other);

  // Revoked, the same address says so.
  await card.getByRole('button', { name: 'Отозвать ссылку' }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /Отозвать/ })
    .click();
  await expect(card.getByRole('button', { name: 'Отчёт для клиента' })).toBeVisible();
  await other.reload();
  await expect(other.getByText('Ссылка на отчёт недействительна или отозвана')).toBeVisible();
  await stranger.close();
});
