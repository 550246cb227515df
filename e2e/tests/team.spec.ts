import type { Page } from '@playwright/test';
import {
  action,
  atPath,
  expect,
  expectNoA11yViolations,
  expectNoHorizontalScroll,
  saveScreenshot,
  settled,
  signIn,
  test,
} from '../fixtures/index.ts';

// Issue 4, web part: the team screens against the server, with Telegram played by the local fake (irina_volkova is
// one of its users). Demo teams start with 4 channels and 3 employees: Мария Ковалёва on channels 1 and 4,
// Дмитрий Орлов on 1 and 2, Анна Белова on 1 and 3.

const EMPTY = 'Поле не должно быть пустым';

/** Opens a sample channel's employee list through the channel screen; returns the channel's id. */
async function openChannelEmployees(page: Page, channelName: string): Promise<string> {
  await page.goto('/channels');
  await page.getByRole('link', { name: new RegExp(channelName) }).click();
  await expect(page.getByRole('heading', { level: 2, name: channelName })).toBeVisible();
  const id = new URL(page.url()).pathname.split('/')[2] ?? '';
  await page.getByRole('region', { name: 'Сотрудники' }).getByRole('link', { name: 'Все' }).click();
  await expect(page).toHaveURL(atPath(`/channels/${id}/employees`));
  return id;
}

/** Everything the employee card requires; the sheets are looked at on the way when `shots` is given. */
async function fillCard(
  page: Page,
  terms: { role: string; conditions: string; type: string; credentials: string },
  shots?: string,
) {
  await page.getByRole('button', { name: /^Роль/ }).click();
  const roles = page.getByRole('dialog', { name: 'Выберите роль сотруднику' });
  await expect(roles).toContainText('Другие роли можно будет добавить позже в профиле сотрудника');
  await roles.getByRole('radio', { name: terms.role }).check();
  if (shots) {
    await expect(roles.getByRole('button', { name: 'Добавить роль' })).toBeInViewport();
    await settled(roles);
    await saveScreenshot(page, `${shots}-role-picker`, { fullPage: false });
    await expectNoA11yViolations(page);
  }
  await roles.getByRole('button', { name: 'Добавить роль' }).click();
  await expect(roles).toHaveCount(0);

  await page.getByRole('textbox', { name: 'Условия' }).fill(terms.conditions);
  await page.getByRole('button', { name: /^Способ оплаты/ }).click();
  const types = page.getByRole('dialog', { name: 'Способ оплаты' });
  await expect(types.getByRole('button', { name: terms.type })).toBeInViewport();
  if (shots) {
    await settled(types);
    await saveScreenshot(page, `${shots}-payment-type`);
  }
  await types.getByRole('button', { name: terms.type }).click();
  await expect(types).toHaveCount(0);
  await page.getByRole('textbox', { name: 'Номер карты, телефона или кошелька' }).fill(terms.credentials);
}

test('add a new employee through the four steps, then add them to a second channel from “Моя команда”', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page);
  await expect(page.getByRole('link', { name: 'Сотрудники: 3 сотрудника' })).toBeVisible();

  // Step 1 on a channel where Дмитрий Орлов works: he is not offered.
  const travel = await openChannelEmployees(page, 'Путешествия по России');
  await action(page, 'Добавить сотрудника').click();
  await expect(page).toHaveURL(atPath(`/channels/${travel}/employees/add`));
  const team = page.getByRole('list', { name: 'Моя команда' });
  await expect(team.getByRole('link')).toHaveCount(2);
  await expect(team.getByRole('link', { name: /Мария Ковалёва/ }).getByRole('img')).toHaveCount(2);
  await expect(team.getByRole('link', { name: /Анна Белова/ })).toBeVisible();
  await expect(team.getByRole('link', { name: /Дмитрий Орлов/ })).toHaveCount(0);
  await page.waitForLoadState('networkidle');
  await saveScreenshot(page, 'team-add-select');
  await expectNoHorizontalScroll(page);
  await expectNoA11yViolations(page);

  // Step 2: the empty name is refused, the pasted link is looked up.
  await action(page, 'Создать нового сотрудника').click();
  const name = page.getByRole('textbox', { name: 'Имя сотрудника' });
  const next = page.getByRole('button', { name: 'Продолжить' });
  await expect(next).toBeDisabled();
  await name.focus();
  await name.blur();
  await expect(page.getByText(EMPTY)).toBeVisible();
  await saveScreenshot(page, 'team-add-new-empty');
  await name.fill('Ирина Волкова');
  await page.getByRole('textbox', { name: /Ссылка на профиль/ }).fill('https://t.me/irina_volkova');
  const found = page.getByRole('region', { name: 'Найденный профиль' });
  await expect(found).toContainText('@irina_volkova');
  await expect(next).toBeEnabled();
  await expect(page.getByText(EMPTY)).toHaveCount(0);
  await saveScreenshot(page, 'team-add-new-found');
  await expectNoHorizontalScroll(page);
  await expectNoA11yViolations(page);
  await next.click();

  // Step 3: each required field says so when left empty; the button waits for all of them.
  await expect(page.getByRole('heading', { level: 1, name: 'Карточка сотрудника' })).toBeVisible();
  const summary = page.getByRole('region', { name: 'Сотрудник и канал' });
  await expect(summary).toContainText('Ирина Волкова');
  await expect(summary).toContainText('Путешествия по России');
  const submit = page.getByRole('button', { name: 'Добавить сотрудника' });
  await expect(submit).toBeDisabled();
  for (const field of ['Условия', 'Номер карты, телефона или кошелька']) {
    await page.getByRole('textbox', { name: field }).focus();
    await page.getByRole('textbox', { name: field }).blur();
  }
  await expect(page.getByText(EMPTY)).toHaveCount(2);
  await saveScreenshot(page, 'team-add-card-empty');
  await expectNoA11yViolations(page);

  await fillCard(
    page,
    {
      role: 'Менеджер по продажам',
      conditions: '10% от продаж',
      type: 'СБП',
      credentials: '+7 900 555-11-22',
    },
    'team-add-card',
  );
  const salary = page.getByRole('group', { name: 'Тип оплаты' });
  await expect(salary.getByRole('radio', { name: 'Процент от продаж' })).toBeChecked();
  await salary.getByText('Фиксированный оклад').click();
  await expect(salary.getByRole('radio', { name: 'Фиксированный оклад' })).toBeChecked();
  await expect(page.getByText(EMPTY)).toHaveCount(0);
  await expect(submit).toBeEnabled();
  await saveScreenshot(page, 'team-add-card-filled');
  await expectNoHorizontalScroll(page);
  await expectNoA11yViolations(page);

  // Step 4.
  await submit.click();
  await expect(page.getByRole('heading', { name: 'Сотрудник добавлен' })).toBeVisible();
  await expect(
    page.getByText(/Ирина Волкова теперь работает на канале «Путешествия по России»/),
  ).toBeVisible();
  await saveScreenshot(page, 'team-add-success');
  await expectNoA11yViolations(page);
  await action(page, 'К сотрудникам канала').click();
  await expect(page).toHaveURL(atPath(`/channels/${travel}/employees`));
  const travelStaff = page.getByRole('list', { name: 'Сотрудники канала' });
  await expect(travelStaff.getByRole('link', { name: /Ирина Волкова/ })).toBeVisible();
  await expect(travelStaff.getByRole('link', { name: /Дмитрий Орлов/ })).toBeVisible();

  // The same person, now in the team, goes to a second channel.
  const recipes = await openChannelEmployees(page, 'Кулинарные рецепты');
  await action(page, 'Добавить сотрудника').click();
  const irina = page.getByRole('list', { name: 'Моя команда' }).getByRole('link', { name: /Ирина Волкова/ });
  await expect(irina.getByRole('img', { name: 'Путешествия по России' })).toBeVisible();
  await expect(
    page.getByRole('list', { name: 'Моя команда' }).getByRole('link', { name: /Анна Белова/ }),
  ).toHaveCount(0);
  await irina.click();
  await expect(page.getByRole('region', { name: 'Сотрудник и канал' })).toContainText('@irina_volkova');
  await expect(page.getByRole('region', { name: 'Сотрудник и канал' })).toContainText('Кулинарные рецепты');
  await fillCard(page, {
    role: 'Контент-менеджер',
    conditions: '500 руб за пост',
    type: 'Банковская карта',
    credentials: '2202 2000 0000 0001',
  });
  await expect(
    page.getByRole('group', { name: 'Тип оплаты' }).getByRole('radio', { name: 'Оплата за пост' }),
  ).toBeChecked();
  await page.getByRole('button', { name: 'Добавить сотрудника' }).click();
  await expect(page.getByRole('heading', { name: 'Сотрудник добавлен' })).toBeVisible();
  await action(page, 'К сотрудникам канала').click();
  await expect(page).toHaveURL(atPath(`/channels/${recipes}/employees`));
  const recipesStaff = page.getByRole('list', { name: 'Сотрудники канала' });
  await expect(recipesStaff.getByRole('link', { name: /Ирина Волкова/ })).toBeVisible();
  await expect(recipesStaff.getByRole('link', { name: /Анна Белова/ })).toBeVisible();
  await saveScreenshot(page, 'team-channel-employees');

  // The team and the dashboard card show her without a reload.
  await page.getByRole('link', { name: 'Назад' }).click();
  await page.getByRole('link', { name: 'Назад' }).click();
  await page.getByRole('link', { name: 'Назад' }).click();
  await expect(page).toHaveURL(atPath('/dashboard'));
  await page.getByRole('link', { name: 'Сотрудники: 4 сотрудника' }).click();
  await expect(page).toHaveURL(atPath('/employees'));
  await expect(page.getByText('4 сотрудника', { exact: true })).toBeVisible();
  const row = page.getByRole('list', { name: 'Команда' }).getByRole('link', { name: /Ирина Волкова/ });
  await expect(row.getByRole('img')).toHaveCount(2);
  await page.waitForLoadState('networkidle');
  await saveScreenshot(page, 'team-list');
  await expectNoHorizontalScroll(page);
  await expectNoA11yViolations(page);

  await row.click();
  await expect(page.getByRole('heading', { level: 2, name: 'Ирина Волкова' })).toBeVisible();
  const channels = page.getByRole('region', { name: 'Каналы и роли' });
  await expect(channels).toContainText('Менеджер по продажам');
  await expect(channels).toContainText('Фиксированный оклад');
  await expect(channels).toContainText('Контент-менеджер');
  await expect(channels).toContainText('500 руб за пост');
  const requisites = page.getByRole('region', { name: 'Реквизиты' });
  await expect(requisites).toContainText('+7 900 555-11-22');
  await expect(requisites).toContainText('2202 2000 0000 0001');
  await page.waitForLoadState('networkidle');
  await saveScreenshot(page, 'team-employee');
  await expectNoHorizontalScroll(page);
  await expectNoA11yViolations(page);
});

test('the employee page: Telegram link, requisites added and deleted, a role added, taken off a channel, renamed', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signIn(page, { to: '/employees' });
  await page
    .getByRole('list', { name: 'Команда' })
    .getByRole('link', { name: /Мария Ковалёва/ })
    .click();
  await expect(page.getByRole('heading', { level: 2, name: 'Мария Ковалёва' })).toBeVisible();
  await expect(page.getByRole('link', { name: /@maria_kovaleva/ })).toHaveAttribute(
    'href',
    'https://t.me/maria_kovaleva',
  );
  const channels = page.getByRole('region', { name: 'Каналы и роли' });
  await expect(channels.getByRole('link')).toHaveCount(2);
  const requisites = page.getByRole('region', { name: 'Реквизиты' });
  await expect(requisites).toContainText('+7 900 123-45-67');

  // Requisites: the empty-field message, then saved.
  await requisites.getByRole('button', { name: 'Добавить реквизиты' }).click();
  const sheet = page.getByRole('dialog', { name: 'Новые реквизиты' });
  const credentials = sheet.getByRole('textbox', { name: 'Номер карты, телефона или кошелька' });
  await credentials.focus();
  await credentials.blur();
  await expect(sheet.getByText(EMPTY)).toBeVisible();
  await sheet.getByText('ЮMoney').click();
  await credentials.fill('4100 1111 2222 3333');
  await expect(sheet.getByRole('button', { name: 'Сохранить' })).toBeEnabled();
  await settled(sheet);
  await saveScreenshot(page, 'team-employee-requisites-sheet', { fullPage: false });
  await expectNoA11yViolations(page);
  await sheet.getByRole('button', { name: 'Сохранить' }).click();
  await expect(sheet).toHaveCount(0);
  await expect(requisites).toContainText('4100 1111 2222 3333');

  await requisites.getByRole('button', { name: 'Удалить реквизиты «ЮMoney: 4100 1111 2222 3333»' }).click();
  const confirmDelete = page.getByRole('dialog', { name: 'Удалить реквизиты?' });
  await confirmDelete.getByRole('button', { name: 'Да, удалить' }).click();
  await expect(confirmDelete).toHaveCount(0);
  await expect(requisites).not.toContainText('4100 1111 2222 3333');

  // A role on a channel she does not work on yet.
  await channels.getByRole('button', { name: 'Добавить роль' }).click();
  const role = page.getByRole('dialog', { name: 'Новая роль' });
  await role.getByText('Кулинарные рецепты').click();
  await role.getByText('Администратор').click();
  await expect(role.getByText('Фиксированный оклад')).toBeVisible();
  await role.getByRole('textbox', { name: 'Условия' }).fill('20 000 руб в месяц');
  await settled(role);
  await saveScreenshot(page, 'team-employee-role-sheet', { fullPage: false });
  await expectNoA11yViolations(page);
  await role.getByRole('button', { name: 'Добавить роль' }).click();
  await expect(role).toHaveCount(0);
  await expect(channels.getByRole('link')).toHaveCount(3);
  await expect(channels).toContainText('20 000 руб в месяц');

  // Taken off that channel again.
  await channels
    .getByRole('button', { name: 'Снять с канала «Кулинарные рецепты» (роль «Администратор»)' })
    .click();
  const confirm = page.getByRole('dialog', { name: 'Снять с канала?' });
  await expect(confirm).toContainText(
    'Мария Ковалёва больше не будет работать на канале «Кулинарные рецепты»',
  );
  await expect(confirm.getByRole('button', { name: 'Да, снять' })).toBeInViewport();
  await settled(confirm);
  await saveScreenshot(page, 'team-employee-remove-sheet', { fullPage: false });
  await confirm.getByRole('button', { name: 'Да, снять' }).click();
  await expect(confirm).toHaveCount(0);
  await expect(channels.getByRole('link')).toHaveCount(2);

  // The team list follows.
  await page.getByRole('link', { name: 'Назад' }).click();
  const maria = page.getByRole('list', { name: 'Команда' }).getByRole('link', { name: /Мария Ковалёва/ });
  await expect(maria.getByRole('img')).toHaveCount(2);

  // A new name, seen on the page and in the team.
  await maria.click();
  await page.getByRole('button', { name: 'Изменить имя' }).click();
  const rename = page.getByRole('dialog', { name: 'Изменить имя' });
  await rename.getByRole('textbox', { name: 'Фамилия' }).fill('Ковалёва-Смирнова');
  await rename.getByRole('button', { name: 'Сохранить' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Мария Ковалёва-Смирнова' })).toBeVisible();
  await page.getByRole('link', { name: 'Назад' }).click();
  await expect(page.getByRole('list', { name: 'Команда' })).toContainText('Мария Ковалёва-Смирнова');
});
