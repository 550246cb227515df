import { addDays, getJson, moscowDay, postDeal, rub } from '../fixtures/data.ts';
import {
  atPath,
  expect,
  expectNoA11yViolations,
  expectNoHorizontalScroll,
  saveScreenshot,
  signIn,
  test,
} from '../fixtures/index.ts';

// Issue 15, web part "Finance": a sale and a purchase made through the API on a day of their own (after every sample
// deal), the sale paid in part. /finance for that day shows the profit by deal date, then by payments after
// 'По оплатам', the current month fits the phone's width, and a tap on the channel's row opens its sales.

type Named = { id: number; name: string };

const SALE = 10_000;
const PURCHASE = 3_000;
const PAID = 4_000;

test('finance of a day: profit by deal date and by payments, the channel row opens its sales', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signIn(page);
  const baseURL = new URL(page.url()).origin;
  const channel = (await getJson<{ items: Named[] }>(page.request, '/api/channel?limit=200'))
    .items[0] as Named;
  // Sample placements reach 29 days ahead: this day has only the two deals below.
  const day = addDays(moscowDay(new Date()), 45);

  const create = (kind: 'sale' | 'purchase', price: number) =>
    postDeal(page, kind, { day, channelId: channel.id, contactName: `Финансы e2e ${kind}`, price });
  const sale = await create('sale', SALE);
  await create('purchase', PURCHASE);
  const paid = await page.request.post(`/api/sale/${sale.id}/payments`, {
    headers: { Origin: baseURL },
    data: { amount: PAID, paidAt: day },
  });
  expect(paid.status(), await paid.text()).toBe(201);

  // By deal date (the default): income minus spend of the day.
  await page.goto(`/finance?period=${encodeURIComponent(`=bt=(${day},${day})`)}`);
  const headline = page.getByRole('region', { name: 'Итоги периода' });
  await expect(headline).toContainText(`Прибыль${rub(SALE - PURCHASE)}`);
  await expect(headline).toContainText(`Доход${rub(SALE)}`);
  await expect(headline).toContainText(`Расход${rub(PURCHASE)}`);
  await expect(page.getByRole('radio', { name: 'По дате сделки' })).toBeChecked();
  await expect(page.getByRole('table', { name: 'Доход, расход и прибыль по дням' })).toBeAttached();
  await expectNoHorizontalScroll(page);
  await expectNoA11yViolations(page);
  await saveScreenshot(page, 'finance-accrual');

  // By payments: only the part paid counts, nothing was paid for the purchase.
  await page.locator('label', { hasText: 'По оплатам' }).click();
  await expect(page).toHaveURL(/basis=cash/);
  await expect(page.getByRole('radio', { name: 'По оплатам' })).toBeChecked();
  await expect(headline).toContainText(`Прибыль${rub(PAID)}`);
  await expectNoA11yViolations(page);

  // The current month (the default), with the sample deals: a point a day, still no sideways scroll.
  await page.goto('/finance');
  await expect(page.getByRole('radio', { name: 'По дате сделки' })).toBeChecked();
  const days = page.getByRole('table', { name: 'Доход, расход и прибыль по дням' }).getByRole('row');
  await expect.poll(() => days.count()).toBeGreaterThanOrEqual(29);
  await expectNoHorizontalScroll(page);

  // The channel's row of the day opens its sales.
  await page.goto(`/finance?period=${encodeURIComponent(`=bt=(${day},${day})`)}`);
  const byChannel = page.getByRole('region', { name: 'По каналам' });
  const row = byChannel.getByRole('link', { name: new RegExp(channel.name) });
  await expect(row).toContainText(rub(SALE - PURCHASE));
  await row.tap();
  await expect(page).toHaveURL(atPath(`/channels/${channel.id}/sales`));
});
