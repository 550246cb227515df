import type { Page } from '@playwright/test';
import { postDeal } from '../fixtures/data.ts';
import {
  atPath,
  expect,
  expectNoA11yViolations,
  saveScreenshot,
  settled,
  signIn,
  test,
} from '../fixtures/index.ts';

// Issue 16, item 1: Back (the browser's, Android's back gesture: a history pop) with a bottom sheet or a full-screen
// picker open closes it and nothing else; leaving a form with unsaved changes asks 'Выйти без сохранения?' first.
// Each screen is reached by taps, as a user does: Back only stays in the app over entries the app itself added.

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A picker's button: its accessible name is the field's label, then the chosen value. */
const trigger = (page: Page, label: string) =>
  page.getByRole('button', { name: new RegExp(`^${escapeRegExp(label)}`) });

const dialog = (page: Page, name: string) => page.getByRole('dialog', { name });

/** The router's index of the current history entry: a pop lowers it, a push raises it. */
const entryIndex = (page: Page) =>
  page.evaluate(() => (window.history.state as { __TSR_index: number }).__TSR_index);

/** Browser Back; resolves once the address has changed (the app may then undo the pop). */
const back = (page: Page) => page.goBack({ waitUntil: 'commit' });

/** From /sales by the header's add button, as a user gets to a new sale. */
async function openNewSale(page: Page) {
  await page.getByRole('banner').getByRole('link', { name: 'Добавить продажу' }).click();
  await expect(page).toHaveURL(atPath('/sale/new'));
  await expect(trigger(page, 'Время размещения')).toBeVisible();
}

const prompt = (page: Page) => dialog(page, 'Выйти без сохранения?');

/** Signed in, a sale of `day` (later than any sample deal's: it heads the list) on the first channel. */
async function signInWithSale(page: Page, day: string, contactName: string, price: number) {
  await signIn(page);
  const channels = await (await page.request.get('/api/channel?limit=1')).json();
  return postDeal(page, 'sale', { day, channelId: channels.items[0].id, contactName, price });
}

test('Back with the time wheel open on /sale/new closes the wheel: the screen and what was typed stay', async ({
  page,
}) => {
  await signIn(page, { to: '/sales' });
  await openNewSale(page);
  const cost = page.getByRole('textbox', { name: 'Стоимость' });
  await cost.fill('15000');

  await trigger(page, 'Время размещения').scrollIntoViewIfNeeded();
  const scrolled = await page.evaluate(() => window.scrollY);
  expect(scrolled, 'the form is scrolled down to the cost').toBeGreaterThan(0);
  await trigger(page, 'Время размещения').click();
  const wheel = dialog(page, 'Время размещения');
  await expect(wheel).toBeVisible();
  await back(page);
  await expect(wheel).toHaveCount(0);
  await expect(page).toHaveURL(atPath('/sale/new'));
  await expect(cost).toHaveValue('15000');
  // The router saw a pop undone, not a new screen: the page has not moved.
  expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
  // No question either: Back closed the wheel and did nothing else.
  await expect(prompt(page)).toHaveCount(0);

  // Escape closes it as before.
  await trigger(page, 'Время размещения').click();
  await expect(wheel).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(wheel).toHaveCount(0);
  await expect(page).toHaveURL(atPath('/sale/new'));
  await expect(cost).toHaveValue('15000');
});

test('Back with the period picker open on /sales closes the picker and stays on the list', async ({
  page,
}) => {
  await signIn(page);
  await page.getByRole('link', { name: 'Продажи' }).click();
  await expect(page).toHaveURL(atPath('/sales'));
  await page.getByRole('button', { name: /^Период: / }).click();
  const picker = dialog(page, 'Период');
  await expect(picker).toBeVisible();

  await back(page);
  await expect(picker).toHaveCount(0);
  await expect(page).toHaveURL(atPath('/sales'));
  await expect(page.getByRole('heading', { level: 1, name: 'Продажи' })).toBeVisible();

  // With nothing open Back leaves as always.
  await back(page);
  await expect(page).toHaveURL(atPath('/dashboard'));
});

test('a sheet opened from a sheet: Back closes the top one, then the one under it, then leaves', async ({
  page,
}) => {
  const deal = await signInWithSale(page, '2031-01-15', 'Назад', 9000);
  await page.getByRole('link', { name: 'Продажи' }).click();
  await page.locator(`a[href="/sale/${deal.id}"]`).first().click();
  await expect(page).toHaveURL(atPath(`/sale/${deal.id}`));

  await page.getByRole('button', { name: 'Добавить оплату' }).click();
  const payment = dialog(page, 'Добавить оплату');
  await expect(payment).toBeVisible();
  const amount = payment.getByRole('textbox', { name: 'Сумма' });
  await amount.fill('1234');
  await trigger(page, 'Дата оплаты').click();
  const date = dialog(page, 'Дата оплаты');
  await expect(date).toBeVisible();

  await back(page);
  await expect(date).toHaveCount(0);
  await expect(payment).toBeVisible();
  await expect(amount).toHaveValue('1234');
  await expect(page).toHaveURL(atPath(`/sale/${deal.id}`));

  await back(page);
  await expect(payment).toHaveCount(0);
  await expect(page).toHaveURL(atPath(`/sale/${deal.id}`));

  await back(page);
  await expect(page).toHaveURL(atPath('/sales'));
});

test('leaving /sale/new with changes asks first: Back, the header arrow and a link; Остаться keeps, Выйти leaves', async ({
  page,
}) => {
  await signIn(page, { to: '/sales' });
  await openNewSale(page);
  const cost = page.getByRole('textbox', { name: 'Стоимость' });
  await cost.fill('15000');
  const index = await entryIndex(page);

  // Back: the question, over the screen that stays.
  await back(page);
  await expect(prompt(page)).toBeVisible();
  await expect(prompt(page)).toContainText('Введённые данные пропадут.');
  await settled(prompt(page));
  await expect(page).toHaveURL(atPath('/sale/new'));
  await saveScreenshot(page, 'back-unsaved-prompt', { fullPage: false });
  await expectNoA11yViolations(page);
  await prompt(page).getByRole('button', { name: 'Остаться' }).click();
  await expect(prompt(page)).toHaveCount(0);
  await expect(page).toHaveURL(atPath('/sale/new'));
  await expect(cost).toHaveValue('15000');

  // Back while the question is open closes the question (it is a sheet like any other).
  await back(page);
  await expect(prompt(page)).toBeVisible();
  await back(page);
  await expect(prompt(page)).toHaveCount(0);
  await expect(page).toHaveURL(atPath('/sale/new'));
  await expect(cost).toHaveValue('15000');

  // The header's arrow.
  await page.getByRole('banner').getByRole('link', { name: 'Назад' }).click();
  await expect(prompt(page)).toBeVisible();
  await prompt(page).getByRole('button', { name: 'Остаться' }).click();
  await expect(prompt(page)).toHaveCount(0);
  await expect(page).toHaveURL(atPath('/sale/new'));
  await expect(cost).toHaveValue('15000');

  // A link ('Отмена'), confirmed: it goes where the link leads, as a new entry.
  await page.getByRole('link', { name: 'Отмена' }).click();
  await expect(prompt(page)).toBeVisible();
  await prompt(page).getByRole('button', { name: 'Выйти' }).click();
  await expect(page).toHaveURL(atPath('/sales'));
  await expect(prompt(page)).toHaveCount(0);
  expect(await entryIndex(page)).toBe(index + 1);

  // Back, confirmed: it goes back.
  await openNewSale(page);
  await cost.fill('700');
  const again = await entryIndex(page);
  await back(page);
  await prompt(page).getByRole('button', { name: 'Выйти' }).click();
  await expect(page).toHaveURL(atPath('/sales'));
  expect(await entryIndex(page)).toBe(again - 1);
});

test('no question when nothing was changed, on a new sale and in a deal opened for editing', async ({
  page,
}) => {
  await signIn(page, { to: '/sales' });
  await openNewSale(page);
  // Opening and closing a wheel is no change.
  await trigger(page, 'Время размещения').click();
  await expect(dialog(page, 'Время размещения')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog(page, 'Время размещения')).toHaveCount(0);
  await back(page);
  await expect(page).toHaveURL(atPath('/sales'));
  await expect(prompt(page)).toHaveCount(0);

  // A deal's card: the list's own links (the header's are the add button, 'Импорт' and 'Удалённые').
  await page.getByRole('main').locator('a[href^="/sale/"]').first().click();
  await expect(page).toHaveURL(/\/sale\/\d+$/);
  await page.getByRole('button', { name: 'Редактирование' }).click();
  await expect(page.getByRole('textbox', { name: 'Стоимость' })).toBeEnabled();
  await page.getByRole('banner').getByRole('link', { name: 'Назад' }).click();
  await expect(page).toHaveURL(atPath('/sales'));
  await expect(prompt(page)).toHaveCount(0);
});

test('a saved deal and a saved profile leave without a question; an unsaved edit asks', async ({ page }) => {
  await signIn(page, { to: '/sales' });
  // A deal's card: the list's own links (the header's are the add button, 'Импорт' and 'Удалённые').
  await page.getByRole('main').locator('a[href^="/sale/"]').first().click();
  await expect(page).toHaveURL(/\/sale\/\d+$/);
  await page.getByRole('button', { name: 'Редактирование' }).click();
  const price = page.getByRole('textbox', { name: 'Стоимость' });
  await price.fill('4321');
  // Unsaved: the arrow asks.
  await page.getByRole('banner').getByRole('link', { name: 'Назад' }).click();
  await prompt(page).getByRole('button', { name: 'Остаться' }).click();
  await expect(price).toHaveValue('4321');
  await page.getByRole('button', { name: 'Сохранить изменения' }).click();
  await expect(price).toBeDisabled();
  await page.getByRole('banner').getByRole('link', { name: 'Назад' }).click();
  await expect(page).toHaveURL(atPath('/sales'));
  await expect(prompt(page)).toHaveCount(0);

  // Profile: unsaved asks on Back; saved goes to /profile by itself without asking.
  await page.goto('/profile');
  await page.getByRole('link', { name: /Изменить имя и фамилию/ }).click();
  await expect(page).toHaveURL(atPath('/profile/edit'));
  const firstName = page.getByRole('textbox', { name: 'Имя' });
  await firstName.fill('Вера');
  await back(page);
  await expect(prompt(page)).toBeVisible();
  await prompt(page).getByRole('button', { name: 'Остаться' }).click();
  await expect(firstName).toHaveValue('Вера');
  await page.getByRole('button', { name: 'Сохранить' }).click();
  await expect(page).toHaveURL(atPath('/profile'));
  await expect(page.getByRole('link', { name: /Вера/ })).toBeVisible();
  await expect(prompt(page)).toHaveCount(0);
});

test('closing the tab with changes gets the browser’s own question (beforeunload)', async ({ page }) => {
  await signIn(page, { to: '/sales' });
  await openNewSale(page);
  await page.getByRole('textbox', { name: 'Стоимость' }).fill('15000');
  const asked = page.waitForEvent('dialog');
  await page.close({ runBeforeUnload: true });
  const question = await asked;
  expect(question.type()).toBe('beforeunload');
  await question.accept();
  await expect.poll(() => page.isClosed()).toBe(true);
});

test('a form without changes closes with no question', async ({ page }) => {
  await signIn(page, { to: '/sales' });
  await openNewSale(page);
  let asked = false;
  page.on('dialog', (dialog) => {
    asked = true;
    void dialog.dismiss();
  });
  await page.close({ runBeforeUnload: true });
  await expect.poll(() => page.isClosed()).toBe(true);
  expect(asked).toBe(false);
});

test('a deal opened by a link in a new tab: Back closes its sheet and asks before leaving an edit, staying in the app', async ({
  page,
}) => {
  const deal = await signInWithSale(page, '2031-01-16', 'Ссылка', 8000);
  // As a link from the bot opens: a tab of its own, the deal its first page.
  const tab = await page.context().newPage();
  await tab.goto(`/sale/${deal.id}`);
  await expect(tab.getByRole('heading', { level: 1, name: 'Продажа' })).toBeVisible();
  // The new tab's blank page, the list the app put under the deal, the deal: the first Back is the app's to answer.
  expect(await tab.evaluate(() => window.history.length)).toBe(3);

  await tab.getByRole('button', { name: 'Добавить оплату' }).click();
  const payment = dialog(tab, 'Добавить оплату');
  await expect(payment).toBeVisible();
  await back(tab);
  await expect(payment).toHaveCount(0);
  await expect(tab).toHaveURL(atPath(`/sale/${deal.id}`));
  await expect(tab.getByRole('heading', { level: 1, name: 'Продажа' })).toBeVisible();

  await tab.getByRole('button', { name: 'Редактирование' }).click();
  const price = tab.getByRole('textbox', { name: 'Стоимость' });
  await price.fill('8500');
  await back(tab);
  await expect(prompt(tab)).toBeVisible();
  await expect(tab).toHaveURL(atPath(`/sale/${deal.id}`));
  await prompt(tab).getByRole('button', { name: 'Остаться' }).click();
  await expect(price).toHaveValue('8500');

  await back(tab);
  await prompt(tab).getByRole('button', { name: 'Выйти' }).click();
  await expect(tab).toHaveURL(atPath('/sales'));
  await expect(tab.getByRole('heading', { level: 1, name: 'Продажи' })).toBeVisible();
});

test('a new deal opened by a link asks before Back leaves it with changes; a reload keeps the entry under it', async ({
  page,
}) => {
  await signIn(page);
  const tab = await page.context().newPage();
  await tab.goto('/sale/new');
  const cost = tab.getByRole('textbox', { name: 'Стоимость' });
  await cost.fill('15000');
  await back(tab);
  await expect(prompt(tab)).toBeVisible();
  await prompt(tab).getByRole('button', { name: 'Остаться' }).click();
  await expect(cost).toHaveValue('15000');

  // A reload starts a new document: the screen gets an entry of the app under it again.
  tab.on('dialog', (question) => void question.accept());
  await tab.reload();
  await expect(cost).toHaveValue('0');
  await trigger(tab, 'Время размещения').click();
  await expect(dialog(tab, 'Время размещения')).toBeVisible();
  await back(tab);
  await expect(dialog(tab, 'Время размещения')).toHaveCount(0);
  await expect(tab).toHaveURL(atPath('/sale/new'));
  await back(tab);
  await expect(tab).toHaveURL(atPath('/sales'));
});
