import type { Page } from '@playwright/test';
import { closed, expectTouchTargets, openSheet, pick, trigger, typeOnWheel } from '../fixtures/form.ts';
import {
  atPath,
  expect,
  expectNoA11yViolations,
  expectNoHorizontalScroll,
  saveScreenshot,
  signIn,
  test,
} from '../fixtures/index.ts';

// Issue 5, web part: the sale and purchase forms (/sale/new, /sale/{id}, /purchase/new, /purchase/{id}) against the
// server, one test per kind: create through the form, find the deal in the list, open it, edit it, see the change.
// Telegram is the local fake (fake-telegram.ts), which knows t.me/finance_for_all.

type Kind = 'sale' | 'purchase';

const telegramRoot = `http://127.0.0.1:${process.env.E2E_TELEGRAM_PORT}`;

const kinds = {
  sale: {
    submit: 'Создать продажу',
    created: 'Продажа добавлена',
    open: 'Открыть продажу',
    list: '/sales',
    dateLabel: 'Дата продажи',
    manager: 'Кто продал',
  },
  purchase: {
    submit: 'Создать закупку',
    created: 'Закупка добавлена',
    open: 'Открыть закупку',
    list: '/purchases',
    dateLabel: 'Дата закупки',
    manager: 'Кто закупил',
  },
} as const;

/** What the phone shows now (a bottom sheet over the form): the viewport, not the whole page. */
const saveViewport = (page: Page, name: string) => saveScreenshot(page, name, { fullPage: false });

const money = (text: string) => text.replace(/ /g, '\u00a0');

for (const kind of ['sale', 'purchase'] as const satisfies readonly Kind[]) {
  const t = kinds[kind];

  test(`${kind}: create through the form, find it in the list, open it, edit price and status`, async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await signIn(page);
    const channels = await (await page.request.get('/api/channel?limit=200')).json();
    const ourChannel: string = channels.items[0].name;

    await page.goto(`/${kind}/new`);
    const submit = page.getByRole('button', { name: t.submit });
    await expect(submit).toBeDisabled();
    await expect(trigger(page, t.manager)).toHaveAccessibleName(new RegExp(`^${t.manager} [^ ]`));
    await page.waitForLoadState('networkidle');
    await saveScreenshot(page, `${kind}-new`);
    await saveViewport(page, `${kind}-new-top`);
    await expectNoHorizontalScroll(page);
    await expectTouchTargets(page.getByRole('main'));
    await expectNoA11yViolations(page);

    await pick(page, 'Наш канал', ourChannel, `${kind}-sheet-channel`);
    await pick(page, 'Формат рекламы', 'Пост', `${kind}-sheet-format`);
    if (kind === 'sale') await pick(page, 'Тип рекламы', 'Прямая реклама', 'sale-sheet-type');
    await pick(page, 'Статус', 'Согласована', `${kind}-sheet-status`);
    const managers = await openSheet(page, t.manager);
    await expectTouchTargets(managers);
    await saveViewport(page, `${kind}-sheet-manager`);
    await page.keyboard.press('Escape');
    await closed(page, t.manager);

    // The other side's channel by its pasted link, looked up in (fake) Telegram.
    const counterpart = await openSheet(page, 'Канал контрагента');
    await counterpart
      .getByRole('textbox', { name: 'Название или ссылка на канал' })
      .fill('https://t.me/finance_for_all');
    const found = counterpart.getByRole('region', { name: 'Найденный канал' });
    await expect(found).toContainText('Финансы для всех');
    await expect(found).toContainText('@finance_for_all');
    // The picture Telegram shows for the channel, really drawn (the server's CSP lets the preview host's images in).
    const picture = found.getByRole('img', { name: 'Финансы для всех' });
    await expect(picture).toHaveAttribute('src', `${telegramRoot}/avatar/finance_for_all.svg`);
    await expect
      .poll(() => picture.evaluate((img) => (img as HTMLImageElement).naturalWidth), {
        message: 'image loaded',
      })
      .toBeGreaterThan(0);
    await expectNoHorizontalScroll(page);
    await expectTouchTargets(counterpart);
    await saveViewport(page, `${kind}-sheet-counterpart`);
    await expectNoA11yViolations(page);
    await found.getByRole('button', { name: 'Выбрать' }).click();
    await closed(page, 'Канал контрагента');
    await expect(trigger(page, 'Канал контрагента')).toHaveAccessibleName(
      'Канал контрагента Финансы для всех @finance_for_all',
    );

    // The person: one of the team's saved contacts, found by name.
    const contact = await openSheet(page, 'Контакт администратора');
    await contact.getByRole('textbox', { name: 'Имя или ссылка на профиль' }).fill('Ольга');
    const olga = contact.getByRole('button', { name: 'Ольга Смирнова @olga_smirnova_ads' });
    await expect(contact.getByRole('button', { name: /@/ })).toHaveCount(1);
    await expect(olga).toBeVisible();
    await expectTouchTargets(contact);
    await saveViewport(page, `${kind}-sheet-contact`);
    await olga.click();
    await closed(page, 'Контакт администратора');

    await page.getByRole('textbox', { name: 'Стоимость' }).fill('15000');
    // The segment is the radio's label (the radio itself is visually hidden): tap it as a thumb would.
    await page.getByRole('main').getByText('Дни', { exact: true }).click();
    await expect(page.getByRole('radio', { name: 'Дни' })).toBeChecked();
    await page.getByRole('textbox', { name: 'Сколько дней' }).fill('3');

    // Placement: 15 June 2030, 14:30 (typed on the wheels: a number picks the month too; the minutes tapped); the deal date 1 June 2030, later
    // than any sample deal, so it heads the list.
    const date = await openSheet(page, 'Дата размещения');
    await typeOnWheel(date, 'Год', '2030');
    await typeOnWheel(date, 'Месяц', '6');
    await typeOnWheel(date, 'День', '15');
    await expect(
      date.getByRole('listbox', { name: 'Месяц' }).getByRole('option', { selected: true }),
    ).toHaveText('Июнь');
    await expectNoHorizontalScroll(page);
    await expectTouchTargets(date);
    await saveViewport(page, `${kind}-sheet-date`);
    await expectNoA11yViolations(page);
    await date.getByRole('button', { name: 'Готово' }).click();
    await closed(page, 'Дата размещения');
    await expect(trigger(page, 'Дата размещения')).toHaveAccessibleName('Дата размещения 15.06.2030');

    const time = await openSheet(page, 'Время размещения');
    await typeOnWheel(time, 'Часы', '14');
    await time
      .getByRole('listbox', { name: 'Минуты' })
      .getByRole('option', { name: '30', exact: true })
      .click();
    // The wheel settles on the tapped option.
    await page.waitForTimeout(300);
    await expect(
      time.getByRole('listbox', { name: 'Минуты' }).getByRole('option', { selected: true }),
    ).toHaveText('30');
    await saveViewport(page, `${kind}-sheet-time`);
    await time.getByRole('button', { name: 'Готово' }).click();
    await closed(page, 'Время размещения');
    await expect(trigger(page, 'Время размещения')).toHaveAccessibleName('Время размещения 14:30');

    const dealDate = await openSheet(page, t.dateLabel);
    await typeOnWheel(dealDate, 'Год', '2030');
    await typeOnWheel(dealDate, 'Месяц', '6');
    await typeOnWheel(dealDate, 'День', '1');
    await dealDate.getByRole('button', { name: 'Готово' }).click();
    await closed(page, t.dateLabel);
    await expect(trigger(page, t.dateLabel)).toHaveAccessibleName(`${t.dateLabel} 01.06.2030`);

    await expect(submit).toBeEnabled();
    await saveScreenshot(page, `${kind}-new-filled`);
    await saveViewport(page, `${kind}-new-bottom`);
    const created = page.waitForResponse(
      (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === `/api/${kind}`,
    );
    await submit.click();
    const response = await created;
    expect(response.status()).toBe(201);
    const deal = await response.json();
    expect(deal.accommodationCondition).toMatchObject({
      accommodationTime: '2030-06-15T11:30:00.000Z',
      duration: 3,
      durationType: 'DAYS',
    });
    expect(deal.price).toBe(15000);

    await expect(page.getByRole('heading', { name: t.created })).toBeVisible();
    await expect(page.getByRole('link', { name: t.open })).toHaveAttribute('href', `/${kind}/${deal.id}`);
    await saveScreenshot(page, `${kind}-created`);
    await expectNoA11yViolations(page);

    // In the list (refreshed by the creation), at the top: the latest deal date.
    await page.getByRole('link', { name: 'Вернуться' }).click();
    await expect(page).toHaveURL(atPath(t.list));
    const link = page.locator(`a[href="/${kind}/${deal.id}"]`).first();
    const card = page.getByRole('article').filter({ has: link });
    await expect(card).toContainText(money('15 000 руб'));
    // The placement's year goes unsaid on a card when it is the deal date's (01.06.2030).
    await expect(card).toContainText('15.06, 14:30');
    await expect(card).toContainText('Согласована');

    await link.click();
    await expect(page).toHaveURL(atPath(`/${kind}/${deal.id}`));
    const price = page.getByRole('textbox', { name: 'Стоимость' });
    await expect(price).toHaveValue(money('15 000 руб'));
    await expect(price).toBeDisabled();
    await expect(trigger(page, 'Канал контрагента')).toHaveAccessibleName(
      'Канал контрагента Финансы для всех @finance_for_all',
    );
    // Read-only, the contact is a link to the client's card.
    await expect(page.getByRole('link', { name: /^Контакт администратора/ })).toHaveAccessibleName(
      'Контакт администратора Ольга Смирнова @olga_smirnova_ads',
    );
    await expect(trigger(page, 'Статус')).toBeDisabled();
    await page.waitForLoadState('networkidle');
    await saveScreenshot(page, `${kind}-view`);
    await saveViewport(page, `${kind}-view-top`);
    await expectNoHorizontalScroll(page);
    await expectNoA11yViolations(page);

    await page.getByRole('button', { name: 'Редактирование' }).click();
    await expect(price).toBeEnabled();
    const save = page.getByRole('button', { name: 'Сохранить изменения' });
    await expect(save).toBeDisabled();
    await price.fill('17500');
    await pick(page, 'Статус', 'Оплачена');
    await page.waitForLoadState('networkidle');
    await saveScreenshot(page, `${kind}-edit`);
    await saveViewport(page, `${kind}-edit-bottom`);
    await expectNoHorizontalScroll(page);
    await expectTouchTargets(page.getByRole('main'));
    await expectNoA11yViolations(page);

    const patched = page.waitForRequest((r) => r.method() === 'PATCH');
    await save.click();
    expect((await patched).postDataJSON()).toEqual({
      price: 17500,
      statusId: expect.any(Number),
      version: deal.version,
    });
    await expect(price).toBeDisabled();
    await expect(price).toHaveValue(money('17 500 руб'));
    await expect(trigger(page, 'Статус')).toHaveAccessibleName('Статус Оплачена');
    await expect(page.getByRole('button', { name: 'Редактирование' })).toBeVisible();

    // The toast that says so opens below the header: the back arrow stays free to tap at once.
    const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Изменения сохранены' });
    await expect(toast).toBeVisible();
    const header = await page.getByRole('banner').boundingBox();
    const toastBox = await toast.boundingBox();
    expect(toastBox?.y ?? 0, 'toast top').toBeGreaterThanOrEqual((header?.y ?? 0) + (header?.height ?? 0));

    // Back in the list: the card shows the change.
    await page.getByRole('link', { name: 'Назад' }).click();
    await expect(page).toHaveURL(atPath(t.list));
    await expect(card).toContainText(money('17 500 руб'));
    await expect(card).toContainText('Оплачена');
  });
}
