import type { Page } from '@playwright/test';
import { addDays, getJson, moscowDay, postDeal, rub } from '../fixtures/data.ts';
import {
  atPath,
  expect,
  expectNoA11yViolations,
  expectNoHorizontalScroll,
  saveScreenshot,
  settled,
  signIn,
  test,
} from '../fixtures/index.ts';

// Issue 16, item 2: a sale or purchase is deleted from its screen ('Удалить' in a confirm sheet, then a toast with
// 'Отменить' for 5 s). A deleted deal leaves the list and its totals; 'Отменить' brings it back; without it the deal
// stays deleted, and its address says so in Russian.

type Named = { id: number; name: string };
type Summary = { count: number; total: number; unpaid: number };

const PRICE = 777_000;

/** The totals line under the chips shows the server's totals of the unfiltered list. */
async function expectTotals(page: Page, summary: Summary) {
  const totals = page.getByRole('region', { name: 'Итоги списка' });
  await expect(totals).toContainText(`· ${rub(summary.total)}`);
  await expect(totals).toContainText(`Не оплачено: ${rub(summary.unpaid)}`);
}

/** A deal of `kind` placed after every sample deal (up to 29 days ahead), so it heads its list. */
async function postOwnDeal(page: Page, kind: 'sale' | 'purchase', contactName: string) {
  const channel = (await getJson<{ items: Named[] }>(page.request, '/api/channel?limit=200'))
    .items[0] as Named;
  const day = addDays(moscowDay(new Date()), 40);
  return postDeal(page, kind, { day, channelId: channel.id, contactName, price: PRICE });
}

test("a sale deleted from its screen leaves the list and its totals, and the toast's 'Отменить' brings it back", async ({
  page,
}) => {
  test.setTimeout(60_000);
  await signIn(page, { to: '/sales' });
  const contact = 'Удаляемый контакт e2e';
  const sale = await postOwnDeal(page, 'sale', contact);
  const before = await getJson<Summary>(page.request, '/api/sale/summary');

  await page.goto('/sales');
  const card = page.getByRole('article').filter({ hasText: contact });
  await expect(card).toBeVisible();
  await expectTotals(page, before);
  await card.getByRole('link', { name: 'Детали' }).click();
  await expect(page).toHaveURL(atPath(`/sale/${sale.id}`));

  // 'Удалить продажу' at the foot of the screen, at least 44 px tall, asks first.
  await expect(page.getByRole('region', { name: 'Оплата' })).toBeVisible();
  const remove = page.getByRole('button', { name: 'Удалить продажу' });
  await remove.scrollIntoViewIfNeeded();
  expect((await remove.boundingBox())?.height).toBeGreaterThanOrEqual(44);
  await saveScreenshot(page, 'deal-delete-button', { fullPage: false });
  await remove.click();
  const sheet = page.getByRole('dialog', { name: 'Удалить продажу?' });
  await settled(sheet);
  await expect(sheet).toContainText('«Отменить»');
  await expectNoHorizontalScroll(page);
  await saveScreenshot(page, 'deal-delete-sheet', { fullPage: false });
  await expectNoA11yViolations(page);
  await sheet.getByRole('button', { name: 'Да, удалить продажу' }).click();

  // The list, without the sale, its totals without its price; a toast offers 'Отменить'.
  await expect(page).toHaveURL(atPath('/sales'));
  const toast = page.getByRole('listitem').filter({ hasText: 'Продажа удалена' });
  await expect(toast).toBeVisible();
  await expect(card).toHaveCount(0);
  await expectTotals(page, { ...before, total: before.total - PRICE, unpaid: before.unpaid - PRICE });
  await expectNoHorizontalScroll(page);
  await saveScreenshot(page, 'deal-delete-undo-toast', { fullPage: false });
  await expectNoA11yViolations(page);

  const undo = toast.getByRole('button', { name: 'Отменить' });
  expect((await undo.boundingBox())?.height).toBeGreaterThanOrEqual(44);
  await undo.click();
  await expect(page.getByText('Продажа восстановлена')).toBeVisible();
  await expect(card).toBeVisible();
  await expectTotals(page, before);
  expect((await page.request.get(`/api/sale/${sale.id}`)).status()).toBe(200);

  // The deleted deal's screen was replaced by the list: Back does not return to it.
  await page.goBack();
  await expect(page).not.toHaveURL(atPath(`/sale/${sale.id}`));
});

test('a purchase deleted without undo stays deleted, and its address says it is not found', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await signIn(page, { to: '/purchases' });
  const contact = 'Удалённая закупка e2e';
  const purchase = await postOwnDeal(page, 'purchase', contact);
  const before = await getJson<Summary>(page.request, '/api/purchase/summary');

  await page.goto(`/purchase/${purchase.id}`);
  await page.getByRole('button', { name: 'Удалить закупку' }).click();
  const sheet = page.getByRole('dialog', { name: 'Удалить закупку?' });
  await settled(sheet);
  await sheet.getByRole('button', { name: 'Да, удалить закупку' }).click();

  await expect(page).toHaveURL(atPath('/purchases'));
  const toast = page.getByRole('listitem').filter({ hasText: 'Закупка удалена' });
  await expect(toast).toBeVisible();
  // 'Отменить' is offered for 5 s, then the toast goes.
  await expect(toast).toBeHidden({ timeout: 8_000 });

  await page.reload();
  await expect(page.getByRole('heading', { name: 'Закупки' })).toBeVisible();
  await expectTotals(page, { ...before, total: before.total - PRICE, unpaid: before.unpaid - PRICE });
  await expect(page.getByRole('article').filter({ hasText: contact })).toHaveCount(0);
  expect((await page.request.get(`/api/purchase/${purchase.id}`)).status()).toBe(404);

  await page.goto(`/purchase/${purchase.id}`);
  await expect(page.getByRole('alert')).toHaveText('Закупка не найдена');
  await expect(page.getByRole('button', { name: 'Удалить закупку' })).toHaveCount(0);
  await expectNoA11yViolations(page);
});
