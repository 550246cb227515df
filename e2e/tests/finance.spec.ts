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

test('long figures stay whole on one line at 390 and 360 px, and a loss has the minus sign (issue 33)', async ({
  page,
}) => {
  await signIn(page);
  const channel = (await getJson<{ items: Named[] }>(page.request, '/api/channel?limit=1')).items[0] as Named;
  // A day of its own, after the sample deals and the day of the test above.
  const day = addDays(moscowDay(new Date()), 52);
  const deal = { day, channelId: channel.id, contactName: 'Финансы e2e крупные суммы' };
  await postDeal(page, 'sale', { ...deal, price: 1_234_567.89 });
  await postDeal(page, 'purchase', { ...deal, price: 1_378_915.06 });

  for (const [width, height] of [
    [390, 844],
    [360, 740],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.goto(`/finance?period=${encodeURIComponent(`=bt=(${day},${day})`)}`);
    const headline = page.getByRole('region', { name: 'Итоги периода' });
    await expect(headline).toContainText('Прибыль\u2212144\u00a0347,17\u00a0руб');
    await expect(headline).toContainText('Доход1\u00a0234\u00a0567,89\u00a0руб');
    await expect(headline).toContainText('Расход1\u00a0378\u00a0915,06\u00a0руб');
    // Each figure on one line, all of it inside its card: nothing cut, nothing broken inside 'руб'. The average CPM
    // (its label over each kind's figure) is held to the same below.
    const figures = headline.locator('[data-figure]:not([data-figure="cpm"]) dd:first-of-type');
    await expect(figures).toHaveCount(3);
    for (const figure of await figures.all()) {
      const fits = await figure.evaluate((dd) => {
        const lineHeight = Number.parseFloat(getComputedStyle(dd).lineHeight);
        return { inside: dd.scrollWidth <= dd.clientWidth, oneLine: dd.clientHeight < 1.5 * lineHeight };
      });
      expect(fits, `${await figure.textContent()} at ${width} px`).toEqual({ inside: true, oneLine: true });
    }
    for (const cpm of await headline.locator('[data-cpm] > span:last-child').all()) {
      const fits = await cpm.evaluate((span) => span.scrollWidth <= (span.parentElement?.clientWidth ?? 0));
      expect(fits, `CPM ${await cpm.textContent()} at ${width} px`).toBe(true);
    }
    await expectNoHorizontalScroll(page);
    await expectNoA11yViolations(page);
    await saveScreenshot(page, `finance-long-figures-${width}`, { fullPage: false });
  }
});
