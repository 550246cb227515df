import { addDays, getJson, moscowDay, postDeal } from '../fixtures/data.ts';
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

// Issue 16, item 3: the team is managed where the team is. /employees adds a person on no channel yet (what was
// typed outlives a reload; Back from 'Сотрудник добавлен' does not reopen an empty form), and the employee page
// removes a person from the team: they leave the lists, their past deals keep their name.

type Named = { id: number; name: string };
type Member = { id: number; firstName: string; secondName: string };

test('adds a person from /employees on no channel: a reload keeps the name, Back from “Сотрудник добавлен” leaves', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signIn(page, { to: '/employees' });
  await expect(page.getByRole('list', { name: 'Команда' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await saveScreenshot(page, 'team-manage-list');
  await expectNoA11yViolations(page);

  await page.getByRole('link', { name: 'Добавить сотрудника' }).click();
  await expect(page).toHaveURL(atPath('/employees/add'));
  await expect(page.getByRole('heading', { level: 1, name: 'Новый сотрудник' })).toBeVisible();
  const name = page.getByRole('textbox', { name: 'Имя сотрудника' });
  const add = page.getByRole('button', { name: 'Добавить сотрудника' });
  await expect(add).toBeDisabled();
  await saveScreenshot(page, 'team-manage-add-empty');
  await expectNoHorizontalScroll(page);
  await expectNoA11yViolations(page);

  // A reload mid-form (the browser may ask first: the form has changes) finds the typed name again.
  await name.fill('Олег Новиков');
  page.on('dialog', (dialog) => void dialog.accept());
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Имя сотрудника' })).toHaveValue('Олег Новиков');
  await expect(add).toBeEnabled();
  await saveScreenshot(page, 'team-manage-add-filled');

  await add.click();
  await expect(page.getByRole('heading', { name: 'Сотрудник добавлен' })).toBeVisible();
  await expect(page.getByText(/Олег Новиков теперь в команде/)).toBeVisible();
  await expect(action(page, 'Назначить на канал')).toBeVisible();
  await saveScreenshot(page, 'team-manage-added');
  await expectNoHorizontalScroll(page);
  await expectNoA11yViolations(page);

  // The offered next step: a channel with a role and conditions, then the person's page.
  await action(page, 'Назначить на канал').click();
  const role = page.getByRole('dialog', { name: 'Новая роль' });
  await role.getByText('Кулинарные рецепты').click();
  await role.getByText('Администратор').click();
  await role.getByRole('textbox', { name: 'Условия' }).fill('20 000 руб в месяц');
  await settled(role);
  await saveScreenshot(page, 'team-manage-added-role-sheet', { fullPage: false });
  await role.getByRole('button', { name: 'Добавить роль' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Олег Новиков' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Каналы и роли' })).toContainText('20 000 руб в месяц');

  // 'Сотрудник добавлен' and the page after it replaced the form in the history: Back goes to the team, whose
  // list has him, and never shows an empty form.
  await page.goBack();
  await expect(page).toHaveURL(atPath('/employees'));
  await expect(page.getByRole('textbox', { name: 'Имя сотрудника' })).toHaveCount(0);
  await expect(
    page.getByRole('list', { name: 'Команда' }).getByRole('link', { name: /Олег Новиков/ }),
  ).toBeVisible();

  // Adding again starts empty: the draft ended with the addition.
  await page.getByRole('link', { name: 'Добавить сотрудника' }).click();
  await expect(page.getByRole('textbox', { name: 'Имя сотрудника' })).toHaveValue('');
  // Back from 'Сотрудник добавлен' straight after adding leaves the flow as well.
  await page.getByRole('textbox', { name: 'Имя сотрудника' }).fill('Вера Ниже');
  await page.getByRole('button', { name: 'Добавить сотрудника' }).click();
  await expect(page.getByRole('heading', { name: 'Сотрудник добавлен' })).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(atPath('/employees'));
  await expect(page.getByRole('textbox', { name: 'Имя сотрудника' })).toHaveCount(0);
});

test('a channel’s add flow keeps the person and the card across a reload, and Back from “Сотрудник добавлен” leaves it', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signIn(page, { to: '/channels' });
  const channel = (await getJson<{ items: Named[] }>(page.request, '/api/channel?limit=200'))
    .items[0] as Named;
  await page.goto(`/channels/${channel.id}/employees`);
  await action(page, 'Добавить сотрудника').click();
  await action(page, 'Создать нового сотрудника').click();
  await page.getByRole('textbox', { name: 'Имя сотрудника' }).fill('Ирина Волкова');
  await page.getByRole('button', { name: 'Продолжить' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Карточка сотрудника' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Условия' }).fill('12% с продаж');

  page.on('dialog', (dialog) => void dialog.accept());
  await page.reload();
  await expect(page.getByRole('region', { name: 'Сотрудник и канал' })).toContainText('Ирина Волкова');
  await expect(page.getByRole('textbox', { name: 'Условия' })).toHaveValue('12% с продаж');

  await page.getByRole('button', { name: /^Роль/ }).click();
  const roles = page.getByRole('dialog', { name: 'Выберите роль сотруднику' });
  await roles.getByRole('radio', { name: 'Менеджер по продажам' }).check();
  await roles.getByRole('button', { name: 'Добавить роль' }).click();
  await page.getByRole('button', { name: /^Способ оплаты/ }).click();
  await page.getByRole('dialog', { name: 'Способ оплаты' }).getByRole('button', { name: 'СБП' }).click();
  await page.getByRole('textbox', { name: 'Номер карты, телефона или кошелька' }).fill('+7 900 111-22-33');
  await page.getByRole('button', { name: 'Добавить сотрудника' }).click();
  await expect(page.getByRole('heading', { name: 'Сотрудник добавлен' })).toBeVisible();

  await page.goBack();
  await expect(page).toHaveURL(atPath(`/channels/${channel.id}/employees`));
  await expect(page.getByRole('textbox', { name: 'Имя сотрудника' })).toHaveCount(0);
  await expect(
    page.getByRole('list', { name: 'Сотрудники канала' }).getByRole('link', { name: /Ирина Волкова/ }),
  ).toBeVisible();
});

test('removes a person from the team: gone from /employees, and a sale made by them keeps their name', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signIn(page, { to: '/employees' });
  const team = await getJson<{ items: Member[] }>(page.request, '/api/employee/all?limit=50');
  const maria = team.items.find((m) => m.firstName === 'Мария') as Member;
  const channel = (await getJson<{ items: Named[] }>(page.request, '/api/channel?limit=200'))
    .items[0] as Named;
  const day = addDays(moscowDay(new Date()), 40);
  const sale = await postDeal(
    page,
    'sale',
    { day, channelId: channel.id, contactName: 'Покупатель Марии', price: 15_000 },
    { soldByEmployeeId: maria.id },
  );

  await page
    .getByRole('list', { name: 'Команда' })
    .getByRole('link', { name: /Мария Ковалёва/ })
    .click();
  await expect(page.getByRole('heading', { level: 2, name: 'Мария Ковалёва' })).toBeVisible();
  const remove = page.getByRole('button', { name: 'Удалить из команды' });
  await expect(remove).toBeVisible();
  expect((await remove.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(44);
  await page.waitForLoadState('networkidle');
  await saveScreenshot(page, 'team-manage-employee');
  await expectNoHorizontalScroll(page);

  await remove.click();
  const sheet = page.getByRole('dialog', { name: 'Удалить из команды?' });
  await expect(sheet).toContainText('каналы и роли сотрудника снимутся');
  await expect(sheet).toContainText('Прошлые сделки сохранят его имя');
  await settled(sheet);
  await saveScreenshot(page, 'team-manage-remove-sheet', { fullPage: false });
  await expectNoA11yViolations(page);
  await sheet.getByRole('button', { name: 'Удалить из команды' }).click();

  await expect(page).toHaveURL(atPath('/employees'));
  await expect(page.getByText('Сотрудник удалён из команды')).toBeVisible();
  const list = page.getByRole('list', { name: 'Команда' });
  await expect(list.getByRole('link', { name: /Дмитрий Орлов/ })).toBeVisible();
  await expect(list.getByRole('link', { name: /Мария Ковалёва/ })).toHaveCount(0);

  // Her page is gone; her sale still names her, on its screen and in the export.
  await page.goto(`/employees/${maria.id}`);
  await expect(page.getByRole('heading', { name: 'Сотрудник не найден' })).toBeVisible();
  await page.goto(`/sale/${sale.id}`);
  await expect(page.getByText('Покупатель Марии')).toBeVisible();
  await expect(page.getByText('Мария Ковалёва').first()).toBeVisible();
  const file = await page.request.get(`/api/sale/export?from=${day}&to=${day}`);
  expect(file.status()).toBe(200);
  expect(await file.text()).toContain('Мария Ковалёва');
});

test('the owner has no “Удалить из команды” on their own page, and an empty team offers “Добавить сотрудника”', async ({
  page,
}) => {
  await signIn(page, { to: '/employees' });
  const me = await getJson<Member>(page.request, '/api/employee');
  const origin = new URL(page.url()).origin;
  const team = await getJson<{ items: Member[] }>(page.request, '/api/employee/all?limit=50');
  for (const member of team.items.filter((m) => m.id !== me.id)) {
    const response = await page.request.delete(`/api/employee/${member.id}`, { headers: { Origin: origin } });
    expect(response.status()).toBe(204);
  }
  await page.reload();
  await expect(page.getByText(/В команде пока нет сотрудников/)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Добавить сотрудника' })).toHaveCount(2);
  await saveScreenshot(page, 'team-manage-empty');
  await expectNoA11yViolations(page);

  await page.goto(`/employees/${me.id}`);
  await expect(
    page.getByRole('heading', { level: 2, name: `${me.firstName} ${me.secondName}`.trim() }),
  ).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('button', { name: 'Удалить из команды' })).toHaveCount(0);
});
