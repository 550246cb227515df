import type { Page } from '@playwright/test';
import { getJson } from '../fixtures/data.ts';
import { closed, openSheet, pick, trigger, typeOnWheel } from '../fixtures/form.ts';
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

// Issue 32, the team signs in (docs/decisions/024): the owner invites Мария Ковалёва, a sales manager of the demo
// team's channels «Бизнес и деньги» and «IT-вакансии»; she accepts in a browser of her own through the demo sign-in,
// and works under her role while the owner sees what she did.

type Page2 = {
  items: { id: number; channelInfo: { id: number }; soldByEmployeeInfo: { id: number } | null }[];
};

/** The same screen in the light theme too: the theme is kept in localStorage ('vite-ui-theme'). */
async function inBothThemes(page: Page, name: string, options?: { fullPage?: boolean }) {
  await saveScreenshot(page, `${name}-dark`, options);
  await page.evaluate(() => localStorage.setItem('vite-ui-theme', 'light'));
  await page.reload();
  await page.waitForLoadState('networkidle');
  await saveScreenshot(page, `${name}-light`, options);
  await expectNoA11yViolations(page);
  await page.evaluate(() => localStorage.setItem('vite-ui-theme', 'dark'));
}

test('the owner invites a sales manager, who signs in as herself and sees and does only what her role allows', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await signIn(page, { to: '/employees' });
  await page.getByRole('link', { name: /Мария Ковалёва/ }).click();
  const card = page.getByRole('region', { name: 'Вход в AdDesk' });
  await card.getByRole('button', { name: 'Пригласить в AdDesk' }).click();
  const linkText = card.locator('[data-slot="invitation-link"]');
  await expect(linkText).toHaveText(/\/invite\/[A-Za-z0-9_-]{43}$/);
  const invitation = new URL((await linkText.textContent()) ?? '');
  await expect(card.getByRole('img', { name: /QR-код приглашения/ })).toBeVisible();
  await expect(card.getByText(/действует до \d\d\.\d\d\.\d{4}/)).toBeVisible();
  await expectNoHorizontalScroll(page);
  await expectNoA11yViolations(page);
  await saveScreenshot(page, 'team-invite-link-dark');

  // Her own browser: the invitation's page, then the demo sign-in that accepts it.
  const hers = await browser.newContext();
  const maria = await hers.newPage();
  await maria.goto(invitation.pathname);
  await expect(maria.getByText('Алексей Смирнов', { exact: true })).toBeVisible();
  await expect(maria.getByText(/Вы войдёте как Мария Ковалёва/)).toBeVisible();
  await expectNoHorizontalScroll(maria);
  await expectNoA11yViolations(maria);
  await inBothThemes(maria, 'team-invitation-page');
  await maria.getByRole('link', { name: 'Демо-вход' }).click();
  await expect(maria).toHaveURL(atPath('/dashboard'));

  // Her dashboard: the sections of a sales manager, no money, no people, no purchases.
  const nav = maria.getByRole('navigation', { name: 'Разделы' });
  await expect(nav.getByRole('link')).toHaveText([
    'Каналы',
    'Продажи',
    'Клиенты',
    'Контент',
    'Зарплаты',
    'Поддержка',
  ]);
  await expectNoHorizontalScroll(maria);
  await expectNoA11yViolations(maria);
  await inBothThemes(maria, 'team-member-dashboard');
  await maria.goto('/finance');
  await expect(maria.getByText('Финансы видят владелец команды и администраторы каналов.')).toBeVisible();
  await inBothThemes(maria, 'team-member-finance');

  // Her channels are the two she sells on; the sales list holds their sales only.
  const channels = await getJson<{ items: { id: number; name: string }[] }>(maria.request, '/api/channel');
  expect(channels.items.map((c) => c.name).sort()).toEqual(['IT-вакансии', 'Бизнес и деньги']);
  const mine = new Set(channels.items.map((c) => c.id));
  const me = await getJson<{ id: number }>(maria.request, '/api/employee');
  const sales = await getJson<Page2>(maria.request, '/api/sale/filter?limit=200');
  expect(sales.items.length).toBeGreaterThan(0);
  // Every sale of her channels, and her own wherever they are; nobody else's elsewhere.
  expect(
    sales.items.filter((s) => !mine.has(s.channelInfo.id) && s.soldByEmployeeInfo?.id !== me.id),
  ).toEqual([]);
  const everyone = await getJson<Page2>(page.request, '/api/sale/filter?limit=200');
  expect(sales.items.length).toBeLessThan(everyone.items.length);

  // She records a sale through the form: the channels she sells on only, herself as the seller.
  await maria.goto('/sales');
  await maria.getByRole('link', { name: 'Добавить продажу' }).click();
  await expect(maria).toHaveURL(atPath('/sale/new'));
  await expect(trigger(maria, 'Кто продал')).toHaveAccessibleName(/^Кто продал Мария Ковалёва/);
  const ours = await openSheet(maria, 'Наш канал');
  await expect(ours.getByRole('button', { name: /@/ })).toHaveCount(2);
  await ours.getByRole('button', { name: /^Бизнес и деньги/ }).click();
  await closed(maria, 'Наш канал');
  await pick(maria, 'Формат рекламы', 'Пост');
  await pick(maria, 'Тип рекламы', 'Прямая реклама');
  const counterpart = await openSheet(maria, 'Канал контрагента');
  await counterpart
    .getByRole('textbox', { name: 'Название или ссылка на канал' })
    .fill('https://t.me/finance_for_all');
  await counterpart
    .getByRole('region', { name: 'Найденный канал' })
    .getByRole('button', { name: 'Выбрать' })
    .click();
  await closed(maria, 'Канал контрагента');
  await maria.getByRole('textbox', { name: 'Стоимость' }).fill('18000');
  await pick(maria, 'Статус', 'Согласована');
  const date = await openSheet(maria, 'Дата размещения');
  await typeOnWheel(date, 'Год', '2030');
  await typeOnWheel(date, 'Месяц', '7');
  await typeOnWheel(date, 'День', '20');
  await date.getByRole('button', { name: 'Готово' }).click();
  await closed(maria, 'Дата размещения');
  const time = await openSheet(maria, 'Время размещения');
  await typeOnWheel(time, 'Часы', '12');
  await time.getByRole('button', { name: 'Готово' }).click();
  await closed(maria, 'Время размещения');
  await expectNoHorizontalScroll(maria);
  await saveScreenshot(maria, 'team-member-sale-new-dark', { fullPage: false });
  const posted = maria.waitForResponse(
    (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/sale',
  );
  await maria.getByRole('button', { name: 'Создать продажу' }).click();
  const response = await posted;
  expect(response.status()).toBe(201);
  const created = (await response.json()) as { id: number; soldByEmployeeInfo: { id: number } };
  expect(created.soldByEmployeeInfo.id).toBe(me.id);
  await expect(maria.getByRole('heading', { name: 'Продажа добавлена' })).toBeVisible();
  await maria.goto(`/sale/${created.id}`);
  await expect(maria.getByRole('button', { name: 'Редактирование' })).toBeVisible();
  const colleagues = sales.items.filter((s) => s.soldByEmployeeInfo?.id !== me.id);
  expect(colleagues.length).toBeGreaterThan(0);
  await maria.goto(`/sale/${colleagues[0]?.id}`);
  await expect(maria.getByRole('heading', { name: 'Оплата' })).toBeVisible();
  await expect(maria.getByRole('button', { name: 'Редактирование' })).toHaveCount(0);
  await expect(maria.getByRole('button', { name: 'Удалить продажу' })).toHaveCount(0);

  // The owner sees her sale with her name, its history (she created it), her pay, and that she signed in.
  await page.goto(`/sale/${created.id}`);
  await expect(page.getByRole('button', { name: /^Кто продал Мария Ковалёва/ })).toBeVisible();
  const history = page.getByRole('region', { name: 'История' });
  await expect(history.getByText('Создание')).toBeVisible();
  await expect(history.getByText('Мария Ковалёва')).toBeVisible();
  await inBothThemes(page, 'team-deal-history');
  await page.goto('/payroll');
  await expect(
    page.getByRole('list', { name: 'Сотрудники' }).getByRole('button', { name: /Мария Ковалёва/ }),
  ).toBeVisible();
  await page.goto(`/employees/${me.id}`);
  await expect(
    page.getByRole('region', { name: 'Вход в AdDesk' }).getByText(/^Вошёл в AdDesk \d\d\.\d\d\.\d{4}$/),
  ).toBeVisible();

  // The link is used: opened again, it says so.
  const again = await hers.newPage();
  await again.goto(invitation.pathname);
  await expect(again.getByRole('alert')).toHaveText('Это приглашение уже использовано');
  await hers.close();
});

test('a person in two teams switches between them on the profile', async ({ page, browser }) => {
  test.setTimeout(90_000);
  await signIn(page, { to: '/employees' });
  await page.getByRole('link', { name: /Анна Белова/ }).click();
  await page.evaluate(() => localStorage.setItem('vite-ui-theme', 'light'));
  await page.reload();
  const card = page.getByRole('region', { name: 'Вход в AdDesk' });
  await card.getByRole('button', { name: 'Пригласить в AdDesk' }).click();
  await expect(card.getByRole('img', { name: /QR-код приглашения/ })).toBeVisible();
  await expectNoA11yViolations(page);
  await saveScreenshot(page, 'team-invite-link-light');
  const invitation = new URL((await card.locator('[data-slot="invitation-link"]').textContent()) ?? '');

  // Анна already has a team of her own (her own demo key); through the link she joins the owner's as well.
  const hers = await browser.newContext();
  const anna = await hers.newPage();
  const key = await signIn(anna);
  await anna.goto(`/api/auth/login?authBy=demo&as=${key}&invite=${invitation.pathname.split('/')[2]}`);
  await expect(anna).toHaveURL(atPath('/dashboard'));
  await anna.goto('/profile');
  const switcher = anna.getByRole('button', { name: /Сменить команду/ });
  await expect(switcher).toContainText('Команда Алексей Смирнов');
  await expect(switcher).not.toContainText('Моя команда');
  await switcher.click();
  const sheet = anna.getByRole('dialog', { name: 'Ваши команды' });
  await expect(sheet.getByRole('button')).toHaveCount(3);
  await settled(sheet);
  await expectNoA11yViolations(anna);
  await saveScreenshot(anna, 'team-switcher-dark', { fullPage: false });
  await anna.evaluate(() => localStorage.setItem('vite-ui-theme', 'light'));
  await anna.reload();
  await switcher.click();
  await settled(sheet);
  await expectNoA11yViolations(anna);
  await saveScreenshot(anna, 'team-switcher-light', { fullPage: false });
  await sheet.getByRole('button', { name: /Владелец/ }).click();
  await expect(anna).toHaveURL(atPath('/dashboard'));
  // In her own team she is the owner: every section, the money included.
  await expect(
    anna.getByRole('navigation', { name: 'Разделы' }).getByRole('link', { name: /Финансы/ }),
  ).toBeVisible();
  await hers.close();
});
