import type { Page } from '@playwright/test';
import { addDays, getJson, moscowDay, postDeal, rub } from '../fixtures/data.ts';
import {
  atPath,
  expect,
  expectNoA11yViolations,
  saveScreenshotsEverywhere,
  settled,
  signIn,
  test,
} from '../fixtures/index.ts';

// Issue 33, faster entry and the bin: several sales chosen in the list change their status and are paid in full at
// once; a deleted purchase waits in 'Удалённые' and comes back with 'Восстановить'. At 390x844, pictures at 360x740
// too, in both themes.

type Named = { id: number; name: string };

/** Deals of a day after the demo team's sample deals (placed up to 29 days ahead): they head their list. */
async function postOwnDeals(page: Page, kind: 'sale' | 'purchase', contacts: string[], price: number) {
  const channel = (await getJson<{ items: Named[] }>(page.request, '/api/channel?limit=200'))
    .items[0] as Named;
  const day = addDays(moscowDay(new Date()), 40);
  const ids: number[] = [];
  for (const contactName of contacts)
    ids.push((await postDeal(page, kind, { day, channelId: channel.id, contactName, price })).id);
  return ids;
}

test('two sales chosen in the list move to a status, then are paid in full, in one tap each', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signIn(page, { to: '/sales' });
  const contacts = ['Пакетный клиент А', 'Пакетный клиент Б'];
  await postOwnDeals(page, 'sale', contacts, 15_000);
  await page.goto('/sales');
  const cards = contacts.map((name) => page.getByRole('article').filter({ hasText: name }));
  for (const card of cards) await expect(card).toBeVisible();

  await saveScreenshotsEverywhere(page, 'deals-bulk-list');
  await page.getByRole('button', { name: 'Выбрать' }).click();
  for (const name of contacts) {
    const card = page.getByRole('article').filter({ hasText: name });
    const box = card.getByRole('checkbox');
    await box.check();
    // The target around the box is a finger's: 44 px or more each way.
    const target = await box.locator('xpath=..').boundingBox();
    expect(Math.min(target?.width ?? 0, target?.height ?? 0)).toBeGreaterThanOrEqual(44);
  }
  const bar = page.getByRole('group', { name: 'Выбранные сделки' });
  await expect(bar).toContainText('Выбрано: 2');
  await expectNoA11yViolations(page);
  await saveScreenshotsEverywhere(page, 'deals-bulk-bar');

  await bar.getByRole('button', { name: 'Статус' }).click();
  const sheet = page.getByRole('dialog', { name: 'Новый статус' });
  await settled(sheet);
  await saveScreenshotsEverywhere(page, 'deals-bulk-status-sheet');
  await expectNoA11yViolations(page);
  await sheet.getByRole('button', { name: 'Согласована' }).click();
  await expect(page.getByRole('listitem').filter({ hasText: 'Статус изменён: 2 продажи' })).toBeVisible();
  for (const card of cards) await expect(card).toContainText('Согласована');
  await expect(bar).toHaveCount(0);

  await page.getByRole('button', { name: 'Выбрать' }).click();
  for (const card of cards) await card.getByRole('checkbox').check();
  await bar.getByRole('button', { name: 'Оплачено полностью' }).click();
  const ask = page.getByRole('dialog', { name: 'Записать оплату полностью?' });
  await settled(ask);
  await expect(ask).toContainText('Выбрано: 2 продажи');
  await saveScreenshotsEverywhere(page, 'deals-bulk-pay-sheet');
  await ask.getByRole('button', { name: 'Оплачено полностью' }).click();
  await expect(
    page.getByRole('listitem').filter({ hasText: `Оплачено: 2 продажи на ${rub(30_000)}` }),
  ).toBeVisible();
  for (const card of cards) {
    await expect(card).toContainText('Оплачена');
    await expect(card).toContainText('Оплачено');
  }

  // The table's rows are chosen the same way, in its first column.
  await page.getByRole('tab', { name: 'Таблица' }).click();
  await page.getByRole('button', { name: 'Выбрать' }).click();
  await page.getByRole('checkbox', { name: new RegExp(contacts[0] as string) }).check();
  await expect(bar).toContainText('Выбрано: 1');
  await expectNoA11yViolations(page);
  await saveScreenshotsEverywhere(page, 'deals-bulk-table');
});

test("a deleted purchase waits in 'Удалённые' with its days, and 'Восстановить' brings it back to the list", async ({
  page,
}) => {
  test.setTimeout(60_000);
  await signIn(page, { to: '/purchases' });
  const contact = 'Удалённый продавец e2e';
  const [id] = await postOwnDeals(page, 'purchase', [contact], 9_000);
  const origin = { Origin: new URL(page.url()).origin };
  expect((await page.request.delete(`/api/purchase/${id}`, { headers: origin })).status()).toBe(204);

  await page.goto('/purchases');
  const entry = page.getByRole('link', { name: 'Удалённые' });
  expect((await entry.boundingBox())?.height).toBeGreaterThanOrEqual(44);
  await entry.click();
  await expect(page).toHaveURL(atPath('/purchase/deleted'));
  const row = page.getByRole('list', { name: 'Удалённые закупки' }).getByRole('listitem').filter({
    hasText: contact,
  });
  await expect(row).toContainText(rub(9_000));
  await expect(row).toContainText('удалится через 30\u00a0дней');
  await expect(row).toContainText(`Удалена ${moscowDay(new Date()).split('-').reverse().join('.')}`);
  await expectNoA11yViolations(page);
  await saveScreenshotsEverywhere(page, 'deals-bin');

  const restore = row.getByRole('button', { name: /^Восстановить: / });
  expect((await restore.boundingBox())?.height).toBeGreaterThanOrEqual(44);
  await restore.click();
  await expect(page.getByRole('listitem').filter({ hasText: 'Закупка восстановлена' })).toBeVisible();
  await expect(row).toHaveCount(0);
  await page.getByRole('link', { name: 'Назад' }).click();
  await expect(page.getByRole('article').filter({ hasText: contact })).toBeVisible();
});

test("'Повторить' on a sale's screen opens a new sale with its terms, dated today, and records it", async ({
  page,
}) => {
  test.setTimeout(60_000);
  await signIn(page, { to: '/sales' });
  const contact = 'Повторный клиент e2e';
  const [id] = await postOwnDeals(page, 'sale', [contact], 21_500);
  await page.goto(`/sale/${id}`);
  const repeat = page.getByRole('link', { name: 'Повторить' });
  await repeat.scrollIntoViewIfNeeded();
  expect((await repeat.boundingBox())?.height).toBeGreaterThanOrEqual(44);
  await saveScreenshotsEverywhere(page, 'deal-repeat-button');
  await repeat.click();

  await expect(page).toHaveURL(/\/sale\/new\?from=\d+$/);
  await expect(page.getByRole('textbox', { name: 'Стоимость' })).toHaveValue('21500');
  await expect(page.getByRole('button', { name: /^Контакт администратора/ })).toContainText(contact);
  const today = moscowDay(new Date()).split('-').reverse().join('.');
  await expect(page.getByRole('button', { name: /^Дата продажи/ })).toContainText(today);
  await expectNoA11yViolations(page);
  await saveScreenshotsEverywhere(page, 'deal-repeat-form');
  await page.getByRole('button', { name: 'Создать продажу' }).click();
  await expect(page.getByRole('heading', { name: 'Продажа добавлена' })).toBeVisible();
  const found = await getJson<{ items: { id: number }[] }>(
    page.request,
    `/api/sale/filter?q=${encodeURIComponent(contact)}`,
  );
  expect(found.items).toHaveLength(2);
});
