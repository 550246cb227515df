import type { Page } from '@playwright/test';
import { addDays, getJson, moscowDay, postDeal, rub } from '../fixtures/data.ts';
import { trigger } from '../fixtures/form.ts';
import {
  expect,
  expectNoA11yViolations,
  expectNoHorizontalScroll,
  saveScreenshot,
  settled,
  signIn,
  test,
} from '../fixtures/index.ts';

// Issue 15, web part "Payments and debts" and "Totals on the lists": a sale made through the API is paid in part from
// its screen (a bad amount first, refused in Russian under the field), shows 'Частично' on its card with the list's
// totals moved by the payment, then is paid in full in one tap and shows 'Оплачено'.

type Named = { id: number; name: string };
type Summary = { count: number; total: number; paid: number; unpaid: number; overdue: number };

const PRICE = 10_000;
const PART = 4_000;

/** The totals line under the chips shows the server's totals of the unfiltered list. */
async function expectTotals(page: Page, summary: Summary) {
  const totals = page.getByRole('region', { name: 'Итоги списка' });
  await expect(totals).toContainText(`· ${rub(summary.total)}`);
  await expect(totals).toContainText(`Не оплачено: ${rub(summary.unpaid)}`);
}

test('a sale paid in part, then in full: its card, the list’s totals and the payments card', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signIn(page);
  const channel = (await getJson<{ items: Named[] }>(page.request, '/api/channel?limit=200'))
    .items[0] as Named;
  const today = moscowDay(new Date());
  // After every sample deal (placed up to 29 days ahead): they head the list, a day apart so their slots do not meet.
  const post = (contactName: string, price: number, days: number, fields: Record<string, unknown> = {}) =>
    postDeal(page, 'sale', { day: addDays(today, days), channelId: channel.id, contactName, price }, fields);
  const contact = 'Контакт оплаты e2e';
  const sale = await post(contact, PRICE, 40);
  // Due yesterday and not paid: overdue, in red in the totals.
  await post('Должник e2e', 2_500, 39, { paymentDueDate: addDays(today, -1) });
  const before = await getJson<Summary>(page.request, '/api/sale/summary');

  // The list: the new sale is not paid, the totals count it.
  await page.goto('/sales');
  const card = page.getByRole('article').filter({ hasText: contact });
  await expect(card).toContainText('ОплатаНе оплачено');
  await expect(page.getByRole('article').filter({ hasText: 'Должник e2e' })).toContainText(
    'ОплатаПросрочено',
  );
  await expectTotals(page, before);
  expect(before.overdue).toBeGreaterThanOrEqual(2_500);
  await expect(page.getByText(`просрочено ${rub(before.overdue)}`)).toHaveClass(/text-destructive/);
  await expectNoHorizontalScroll(page);
  await saveScreenshot(page, 'money-list-overdue', { fullPage: false });

  // Its screen: the payments card, a refused amount, then a part paid.
  await page.goto(`/sale/${sale.id}`);
  const payments = page.getByRole('region', { name: 'Оплата' });
  await expect(payments).toContainText(`Оплачено: 0\u00a0руб из ${rub(PRICE)}`);
  await expect(payments).toContainText('Оплат пока нет');
  await page.getByRole('button', { name: 'Добавить оплату' }).click();
  const sheet = page.getByRole('dialog', { name: 'Добавить оплату' });
  await settled(sheet);
  const amount = sheet.getByLabel('Сумма');
  await expect(amount).toHaveValue(String(PRICE));
  await amount.fill(String(PRICE + 1));
  await sheet.getByRole('button', { name: 'Сохранить оплату' }).click();
  await expect(sheet.getByText('Сумма оплат больше стоимости')).toBeVisible();
  await expect(amount).toHaveAttribute('aria-invalid', 'true');
  await amount.fill(String(PART));
  // A new amount is no longer the refused one.
  await expect(amount).not.toHaveAttribute('aria-invalid');
  await expect(sheet.getByText('Сумма оплат больше стоимости')).toHaveCount(0);
  await sheet.getByLabel(/Комментарий/).fill('Аванс');
  // The day, today by default, is picked on the form's wheels in a sheet over this one.
  await sheet.getByRole('button', { name: /Дата оплаты/ }).click();
  const wheels = page.getByRole('dialog', { name: 'Дата оплаты' });
  await settled(wheels);
  await wheels.getByRole('button', { name: 'Готово' }).click();
  await expect(wheels).toBeHidden();
  await expect(sheet).toBeVisible();
  await saveScreenshot(page, 'money-add-payment-sheet', { fullPage: false });
  await expectNoA11yViolations(page);
  await sheet.getByRole('button', { name: 'Сохранить оплату' }).click();
  await expect(sheet).toBeHidden();
  await expect(payments.getByText('Частично')).toBeVisible();
  await expect(payments).toContainText(`Оплачено: ${rub(PART)} из ${rub(PRICE)}`);
  await expect(payments.getByRole('progressbar', { name: 'Оплачено' })).toHaveAttribute(
    'aria-valuenow',
    '40',
  );
  await expect(payments.getByRole('list', { name: 'Оплаты' })).toContainText('Аванс');
  await expectNoHorizontalScroll(page);
  await saveScreenshot(page, 'money-deal-payments');
  await expectNoA11yViolations(page);

  // 'Оплатить до' on the form: set (today: not overdue yet), then removed.
  const [y, m, d] = today.split('-');
  const setDueDate = async (button: 'Готово' | 'Убрать') => {
    await page.getByRole('button', { name: 'Редактирование' }).click();
    await page.getByRole('button', { name: /^Оплатить до/ }).click();
    const wheels = page.getByRole('dialog', { name: 'Оплатить до' });
    await settled(wheels);
    await wheels.getByRole('button', { name: button }).click();
    await expect(wheels).toBeHidden();
    await page.getByRole('button', { name: 'Сохранить изменения' }).click();
    await expect(page.getByRole('button', { name: 'Редактирование' })).toBeVisible();
  };
  await setDueDate('Готово');
  await expect(payments).toContainText(`Оплатить до${d}.${m}.${y}`);
  await expect(payments.getByText('Частично')).toBeVisible();
  await setDueDate('Убрать');
  await expect(payments).toBeVisible();
  await expect(payments).not.toContainText('Оплатить до');

  // Back on the list: 'Частично' on the card, the unpaid total smaller by the payment; the 'Оплата' chip finds it.
  await page.goto('/sales');
  await expect(card).toContainText('ОплатаЧастично');
  await expectTotals(page, { ...before, unpaid: before.unpaid - PART });
  await page.getByRole('tab', { name: 'Таблица' }).click();
  const row = page.getByRole('table', { name: 'Продажи' }).getByRole('row').filter({ hasText: contact });
  await expect(row).toContainText(`${rub(PRICE).replace(/\u00a0руб$/, ' руб')}, Частично`);
  await expectNoHorizontalScroll(page);
  await saveScreenshot(page, 'money-list-table');
  await page.getByRole('tab', { name: 'Карточки' }).click();
  await page.getByRole('button', { name: 'Оплата' }).click();
  const picker = page.getByRole('dialog', { name: 'Оплата' });
  await picker.getByLabel('Частично').check();
  await picker.getByRole('button', { name: 'Применить' }).click();
  await expect(page).toHaveURL(/paymentState=PARTLY_PAID/);
  const partly = await getJson<Summary>(page.request, '/api/sale/summary?paymentState=PARTLY_PAID');
  await expectTotals(page, partly);
  await expect(card).toBeVisible();
  await expect(page.getByRole('article').filter({ hasNotText: 'Частично' })).toHaveCount(0);
  await expectNoHorizontalScroll(page);
  await saveScreenshot(page, 'money-list-totals');
  await expectNoA11yViolations(page);

  // Paid in full in one tap: 'Новая' becomes 'Оплачена' (issue 33), the price reads as every amount does.
  await page.goto(`/sale/${sale.id}`);
  await expect(page.getByRole('textbox', { name: 'Стоимость' })).toHaveValue(rub(PRICE));
  await page.getByRole('textbox', { name: 'Стоимость' }).scrollIntoViewIfNeeded();
  await saveScreenshot(page, 'money-price-view', { fullPage: false });
  await expect(trigger(page, 'Статус')).toHaveAccessibleName('Статус Новая');
  await page.getByRole('button', { name: 'Оплачено полностью' }).click();
  await expect(payments.getByText('Оплачено', { exact: true })).toBeVisible();
  await expect(payments).toContainText(`Оплачено: ${rub(PRICE)} из ${rub(PRICE)}`);
  await expect(page.getByRole('button', { name: 'Оплачено полностью' })).toHaveCount(0);
  await expect(trigger(page, 'Статус')).toHaveAccessibleName('Статус Оплачена');
  await saveScreenshot(page, 'money-paid-in-full', { fullPage: false });
  await page.goto('/sales');
  await expect(card).toContainText('ОплатаОплачено');
  await expect(card).toContainText('Оплачена');
  await expectTotals(page, { ...before, unpaid: before.unpaid - PRICE });
});
