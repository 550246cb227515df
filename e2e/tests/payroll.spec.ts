import { getJson, moscowDay } from '../fixtures/data.ts';
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

// Issue 32, pay by the terms given (docs/decisions/026): the demo team's people have rates (Мария 10 % of her sales'
// money received, Дмитрий 7 % of his purchases', Анна 500 руб a post); the owner opens /payroll, pays Мария out, and
// /finance counts it as 'Зарплаты'.

test('the owner sees the month’s pay by person and pays one out; /finance shows it as salaries', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signIn(page, { to: '/payroll' });
  const month = moscowDay(new Date()).slice(0, 7);
  const payroll = await getJson<{ items: { name: string; accrued: number; due: number }[] }>(
    page.request,
    `/api/payroll?from=${month}-01&to=${month}-28`,
  );
  expect(payroll.items.map((i) => i.name)).toContain('Мария Ковалёва');

  const people = page.getByRole('list', { name: 'Сотрудники' });
  await expect(people.getByRole('button', { name: /Мария Ковалёва/ })).toBeVisible();
  await expectNoHorizontalScroll(page);
  await expectNoA11yViolations(page);
  await saveScreenshot(page, 'payroll-dark');

  await people.getByRole('button', { name: /Мария Ковалёва/ }).click();
  await expect(people.getByText('10 % с поступивших оплат за продажи').first()).toBeVisible();
  await people.getByRole('button', { name: 'Выплатить' }).click();
  const sheet = page.getByRole('dialog', { name: 'Выплатить: Мария Ковалёва' });
  await expect(sheet.getByText('СБП: +7 900 123-45-67 (Сбербанк)')).toBeVisible();
  await settled(sheet);
  await sheet.getByRole('textbox', { name: 'Сумма' }).fill('15000');
  await expectNoA11yViolations(page);
  await saveScreenshot(page, 'payroll-payout-sheet-dark', { fullPage: false });
  await sheet.getByRole('button', { name: 'Записать выплату' }).click();
  await expect(page.getByText('Выплата записана')).toBeVisible();
  await expect(people.getByText(/выплачено 15\s000\sруб/)).toBeVisible();

  await page.evaluate(() => localStorage.setItem('vite-ui-theme', 'light'));
  await page.reload();
  await expect(people.getByRole('button', { name: /Мария Ковалёва/ })).toBeVisible();
  await saveScreenshot(page, 'payroll-light');

  await page.goto('/finance');
  await expect(page).toHaveURL(atPath('/finance'));
  const salaries = page.locator('[data-figure="salaries"]');
  await expect(salaries).toContainText('Зарплаты');
  await expect(salaries).toContainText(/15\s000\sруб/);
  await expectNoHorizontalScroll(page);
  await saveScreenshot(page, 'finance-salaries-light');
  await page.evaluate(() => localStorage.setItem('vite-ui-theme', 'dark'));
});
