import type { Page } from '@playwright/test';
import { moscowDay } from '../fixtures/data.ts';
import {
  atPath,
  expect,
  expectNoA11yViolations,
  expectNoHorizontalScroll,
  saveScreenshot,
  signIn,
  test,
} from '../fixtures/index.ts';

// Issue 14 on the deal lists and the sale form: a counterpart found by the search box on /sales (the URL keeps it),
// the order by placement, two sales in one channel's slot warning of each other, and a channel's own tabs.

type Named = { id: number; name: string };

/** Makes a sale through the API (demo teams keep Moscow's zone); answers its id. */
async function sell(
  page: Page,
  sale: { channelId: number; counterpart: string; link?: string; at: string; hoursInTop: number },
) {
  const today = moscowDay(new Date());
  const response = await page.request.post('/api/sale', {
    headers: { Origin: new URL(page.url()).origin },
    data: {
      accommodationCondition: {
        accommodationTime: `${today}T${sale.at}:00+03:00`,
        hoursInTop: sale.hoursInTop,
      },
      advertisementFormatId: 1,
      advertisementTypeId: 1,
      channelId: sale.channelId,
      externalChannelInfo: { name: sale.counterpart, ...(sale.link && { channelLink: sale.link }) },
      price: 5000,
      saleDate: today,
      statusId: 2,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: number }).id;
}

test('the search box finds a counterpart on /sales, the order goes by placement, both kept in the URL', async ({
  page,
}) => {
  await signIn(page);
  const channels = (await (await page.request.get('/api/channel?limit=2')).json()) as { items: Named[] };
  const [channel] = channels.items as [Named];
  const mark = `Зебра-${Date.now().toString(36)}`;
  await sell(page, { channelId: channel.id, counterpart: `Канал ${mark}`, at: '03:00', hoursInTop: 0 });

  await page.goto('/sales');
  await expect(page.getByRole('article').first()).toBeVisible();
  const box = page.getByRole('searchbox', { name: 'Поиск' });
  // Lower case and a part of the name: the search is by what people remember.
  await box.fill(mark.toLowerCase().slice(0, -2));
  await expect(page).toHaveURL(/[?&]q=/);
  await expect(page.getByRole('article')).toHaveCount(1);
  await expect(page.getByRole('article')).toContainText(`Канал ${mark}`);
  await expect(page.getByRole('article')).toContainText('Продажа');
  await expect(page.getByRole('article')).toContainText('Размещение');
  await expectNoHorizontalScroll(page);
  await expectNoA11yViolations(page);
  await saveScreenshot(page, 'sales-search');

  await page.getByRole('combobox', { name: 'Сначала новые' }).selectOption({ label: 'по размещению' });
  await expect(page).toHaveURL(/[?&]sort=placement/);
  await page.reload();
  await expect(box).toHaveValue(mark.toLowerCase().slice(0, -2));
  await expect(page.getByRole('combobox', { name: 'Сначала новые' })).toHaveValue('placement');

  await page.getByRole('button', { name: 'Очистить поиск' }).click();
  await expect(page).not.toHaveURL(/[?&]q=/);
  await expect(page.getByRole('article').nth(1)).toBeVisible();
});

test('a Telegram link or @mention in the search box finds what the name finds (issue 33)', async ({
  page,
}) => {
  await signIn(page);
  const channels = (await (await page.request.get('/api/channel?limit=1')).json()) as { items: Named[] };
  const [channel] = channels.items as [Named];
  const username = `alina_${Date.now().toString(36)}`;
  await sell(page, {
    channelId: channel.id,
    counterpart: 'Алина маркетинг',
    link: `https://t.me/${username}`,
    at: '04:00',
    hoursInTop: 0,
  });

  await page.goto('/sales');
  await expect(page.getByRole('article').first()).toBeVisible();
  const box = page.getByRole('searchbox', { name: 'Поиск' });
  for (const typed of [`@${username}`, `t.me/${username}`, `https://t.me/${username}`]) {
    await box.fill(typed);
    await expect(page).toHaveURL(new RegExp(`[?&]q=${username}(&|$)`));
    await expect(page.getByRole('article')).toHaveCount(1);
    await expect(page.getByRole('article')).toContainText('Алина маркетинг');
    await expect(box).toHaveValue(typed);
  }
  await expectNoHorizontalScroll(page);
  await saveScreenshot(page, 'sales-search-link', { fullPage: false });
});

test('two sales in one channel’s slot warn of each other, with a link; a channel’s tabs open its lists', async ({
  page,
}) => {
  await signIn(page);
  const channel = ((await (await page.request.get('/api/channel?limit=1')).json()) as { items: Named[] })
    .items[0] as Named;
  const first = await sell(page, {
    channelId: channel.id,
    counterpart: 'Слот Альфа',
    at: '01:00',
    hoursInTop: 2,
  });
  const second = await sell(page, {
    channelId: channel.id,
    counterpart: 'Слот Бета',
    at: '01:30',
    hoursInTop: 1,
  });

  await page.goto(`/sale/${second}`);
  const warning = page.getByRole('status').filter({ hasText: 'Пересекается с продажей' });
  await expect(warning).toContainText('«Слот Альфа», 01:00–03:00');
  await expectNoHorizontalScroll(page);
  await expectNoA11yViolations(page);
  await saveScreenshot(page, 'sale-slot-warning');
  await warning.getByRole('link', { name: '«Слот Альфа»' }).click();
  await expect(page).toHaveURL(atPath(`/sale/${first}`));
  await expect(page.getByRole('status').filter({ hasText: 'Пересекается с продажей' })).toContainText(
    '«Слот Бета», 01:30–02:30',
  );

  await page.goto(`/channels/${channel.id}`);
  await page.getByRole('link', { name: 'Продажи' }).click();
  await expect(page).toHaveURL(atPath(`/channels/${channel.id}/sales`));
  await expect(page.getByRole('heading', { level: 1, name: `Продажи · ${channel.name}` })).toBeVisible();
  await expect(page.getByRole('article').filter({ hasText: 'Слот Альфа' })).toBeVisible();
  await expectNoHorizontalScroll(page);
  await page.getByRole('link', { name: 'Назад' }).click();
  await page.getByRole('link', { name: 'Закупки' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Закупки · ${channel.name}` })).toBeVisible();
  await page.getByRole('link', { name: 'Назад' }).click();
  await page.getByRole('link', { name: 'Контент' }).click();
  await expect(page).toHaveURL(atPath(`/channels/${channel.id}/content`));
});
