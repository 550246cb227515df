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

// Issue 14: /content, the placement schedule. Two sales placed today on one channel, half an hour apart, are found
// under 'Сегодня' with their top and removal, both marked as a slot conflict; 'Закупки' hides them, 'Продажи' shows
// them again, and a row opens the sale. Demo teams keep Moscow's zone.

type Named = { id: number; name: string };

test('content: today’s placements under Сегодня, a conflict marked, kinds switched, a sale opened', async ({
  page,
}) => {
  await signIn(page);
  const baseURL = new URL(page.url()).origin;
  const get = async <T>(path: string) => (await (await page.request.get(path)).json()) as T;
  const channel = (await get<{ items: Named[] }>('/api/channel?limit=1')).items[0] as Named;
  const today = moscowDay(new Date());

  // Early today, so both are today whatever the hour the test runs at.
  const sell = async (time: string, counterpart: string, hoursInTop: number) => {
    const response = await page.request.post('/api/sale', {
      headers: { Origin: baseURL },
      data: {
        accommodationCondition: {
          accommodationTime: `${today}T${time}:00+03:00`,
          durationType: 'HOURS',
          duration: 24,
          hoursInTop,
        },
        advertisementFormatId: 1,
        advertisementTypeId: 1,
        channelId: channel.id,
        externalChannelInfo: { name: counterpart },
        price: 5000,
        saleDate: today,
        statusId: 2,
      },
    });
    expect(response.status(), await response.text()).toBe(201);
    return ((await response.json()) as { id: number }).id;
  };
  const first = await sell('00:05', 'Расписание Альфа', 1);
  await sell('00:35', 'Расписание Бета', 0);

  await page.goto('/content');
  await expect(page.getByRole('heading', { level: 1, name: 'Контент' })).toBeVisible();
  const todays = page.getByRole('region', { name: 'Сегодня' });
  const alpha = todays.getByRole('link').filter({ hasText: 'Расписание Альфа' });
  const beta = todays.getByRole('link').filter({ hasText: 'Расписание Бета' });
  await expect(alpha).toContainText('00:05');
  await expect(alpha).toContainText(channel.name);
  await expect(alpha).toContainText('Продажа');
  await expect(alpha).toContainText(/1\s+час в топе/);
  await expect(alpha).toContainText(/удалить \d\d\.\d\d, 00:05/);
  await expect(alpha).toContainText('Пересечение');
  await expect(beta).toContainText('00:35');
  await expect(beta).toContainText('без топа');
  await expect(beta).toContainText('Пересечение');
  await expectNoHorizontalScroll(page);
  await expectNoA11yViolations(page);
  await saveScreenshot(page, 'content-agenda');

  await page.getByRole('button', { name: 'Закупки' }).click();
  await expect(page).toHaveURL(/[?&]kind=purchase/);
  await expect(alpha).toHaveCount(0);
  await page.getByRole('button', { name: 'Продажи' }).click();
  await expect(page).toHaveURL(/[?&]kind=sale/);
  await expect(alpha).toBeVisible();

  await page.getByRole('button', { name: 'Месяц' }).click();
  await expect(page.getByRole('button', { name: /сегодня, \d+\s+размещени/ })).toBeVisible();
  await expectNoA11yViolations(page);
  await saveScreenshot(page, 'content-month');
  await page.getByRole('button', { name: /сегодня, \d+\s+размещени/ }).click();
  await expect(page).toHaveURL(new RegExp(`from=${today}&to=${today}|to=${today}.*from=${today}`));
  await alpha.click();
  await expect(page).toHaveURL(atPath(`/sale/${first}`));
});
