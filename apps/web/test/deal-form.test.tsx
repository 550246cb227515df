import type { DealKind } from '@addesk/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDateParts, fromIsoDay, toIsoDay } from '@/features/deals/components/form/date-parts';
import { formatDay } from '@/lib/format';
import { dealApi, foundChannel, names, savedContact } from './deal-api';
import type { RecordedRequest } from './fake-api';
import { advance, holdClockAt, lastInput, resumeClock, useFakeClock, userOnFakeClock } from './fake-clock';
import { renderApp } from './render-app';

const texts = {
  sale: { submit: 'Создать продажу', created: 'Продажа добавлена', list: '/sales', manager: 'Кто продал' },
  purchase: {
    submit: 'Создать закупку',
    created: 'Закупка добавлена',
    list: '/purchases',
    manager: 'Кто закупил',
  },
} as const;

// Whole screens through the real router, a bottom sheet per picked field: slower than the default 5 s.
vi.setConfig({ testTimeout: 20_000 });
// A test that waits for a debounce fakes the timers (fake-clock.ts); the files of a worker share one window.
afterEach(() => {
  vi.useRealTimers();
});

/** Spec §5: the pause before a link pasted in a picker is looked up. */
const LINK_DEBOUNCE_MS = 800;

// Today on the team's clock (Moscow here), whatever the device's zone.
const today = fromIsoDay(formatDay(new Date()));
const todayIso = toIsoDay(today);

const calls = (requests: RecordedRequest[], method: string, path: string) =>
  requests.filter((r) => r.method === method && r.path === path);

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A picker's button: its accessible name is the field's label, then the chosen value. */
const trigger = (label: string) =>
  screen.getByRole('button', { name: new RegExp(`^${escapeRegExp(label)}`) });
const findTrigger = (label: string) =>
  screen.findByRole('button', { name: new RegExp(`^${escapeRegExp(label)}`) });

async function openSheet(user: UserEvent, label: string) {
  await user.click(await findTrigger(label));
  return screen.findByRole('dialog', { name: label });
}

async function closed(label: string) {
  await waitFor(() => expect(screen.queryByRole('dialog', { name: label })).not.toBeInTheDocument());
}

/** Opens a picker's sheet and taps the option. */
async function pick(user: UserEvent, label: string, option: string) {
  const sheet = await openSheet(user, label);
  await user.click(
    await within(sheet).findByRole('button', { name: new RegExp(`^${escapeRegExp(option)}`) }),
  );
  await closed(label);
}

/** The fields a new deal of this kind cannot be created without. */
async function fillRequired(user: UserEvent, kind: DealKind) {
  await pick(user, 'Наш канал', 'Финансы для всех');
  await pick(user, 'Формат рекламы', 'Пост');
  if (kind === 'sale') await pick(user, 'Тип рекламы', 'Прямая реклама');
}

const submitButton = (kind: DealKind) => screen.getByRole('button', { name: texts[kind].submit });
const cost = () => screen.getByRole('textbox', { name: 'Стоимость' });

/** Focuses a wheel (as Tab would) and presses keys on it; the wheels load with the sheet's first opening. */
async function onWheel(user: UserEvent, sheet: HTMLElement, wheel: string, keys: string) {
  const listbox = await within(sheet).findByRole('listbox', { name: wheel });
  act(() => listbox.focus());
  await user.keyboard(keys);
  return listbox;
}

const selected = (listbox: HTMLElement) =>
  within(listbox)
    .getAllByRole('option')
    .find((option) => option.getAttribute('aria-selected') === 'true')?.textContent;

/** The team's (Moscow) short name after a time on a device whose clock differs from Moscow's (decisions D5). */
const zoneMark = new Date().getTimezoneOffset() === -180 ? '' : '\u00a0МСК';

describe.each(['sale', 'purchase'] as const)('/%s/new', (kind) => {
  it('starts from the defaults of spec §3: today, 00:00, without removal, 0 hours in top, 0 roubles, me', async () => {
    dealApi(kind);
    renderApp(`/${kind}/new`);

    expect(await findTrigger('Дата размещения')).toHaveAccessibleName(
      `Дата размещения ${formatDateParts(today)}`,
    );
    expect(trigger('Время размещения')).toHaveAccessibleName(`Время размещения 00:00${zoneMark}`);
    expect(trigger(kind === 'sale' ? 'Дата продажи' : 'Дата закупки')).toHaveAccessibleName(
      `${kind === 'sale' ? 'Дата продажи' : 'Дата закупки'} ${formatDateParts(today)}`,
    );
    expect(screen.getByRole('radio', { name: 'Без удаления' })).toBeChecked();
    expect(screen.queryByRole('textbox', { name: /Сколько/ })).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Часов в топе' })).toHaveValue('0');
    expect(cost()).toHaveValue('0');
    await waitFor(() =>
      expect(trigger(texts[kind].manager)).toHaveAccessibleName(`${texts[kind].manager} Анна Смирнова`),
    );
    // A sale alone has an ad type (spec §2.9).
    if (kind === 'sale') expect(trigger('Тип рекламы')).toBeInTheDocument();
    else expect(screen.queryByRole('button', { name: /^Тип рекламы/ })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Отмена' })).toHaveAttribute('href', texts[kind].list);
  });

  it('keeps the submit disabled until the required fields are chosen', async () => {
    dealApi(kind);
    const { user } = renderApp(`/${kind}/new`);

    await findTrigger('Наш канал');
    expect(submitButton(kind)).toBeDisabled();
    expect(
      screen.getByText(
        kind === 'sale'
          ? 'Чтобы сохранить, выберите: наш канал, формат рекламы, тип рекламы'
          : 'Чтобы сохранить, выберите: наш канал, формат рекламы',
      ),
    ).toBeInTheDocument();

    await fillRequired(user, kind);
    expect(submitButton(kind)).toBeEnabled();
  });

  it('creates the deal once however fast the second click comes, then says so and leads back to the list', async () => {
    const { requests } = dealApi(kind);
    const { user } = renderApp(`/${kind}/new`);

    await fillRequired(user, kind);
    await user.dblClick(submitButton(kind));

    const heading = await screen.findByRole('heading', { name: texts[kind].created });
    expect(heading).toHaveFocus();
    expect(calls(requests, 'POST', `/api/${kind}`)).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Вернуться' })).toHaveAttribute('href', texts[kind].list);
    expect(
      screen.getByRole('link', { name: kind === 'sale' ? 'Открыть продажу' : 'Открыть закупку' }),
    ).toHaveAttribute('href', `/${kind}/42`);
  });

  it('shows the server field errors under their fields', async () => {
    dealApi(kind, {
      [`POST /api/${kind}`]: {
        status: 400,
        body: {
          code: 'VALIDATION_ERROR',
          message: 'Проверьте введённые данные',
          fieldErrors: {
            price: ['Стоимость не больше 1 000 000 000 руб'],
            'accommodationCondition.accommodationTime': ['Некорректные дата и время размещения'],
            [`${names[kind].external}.channelLink`]: ['Некорректная ссылка'],
          },
        },
      },
    });
    const { user } = renderApp(`/${kind}/new`);

    await fillRequired(user, kind);
    await user.click(submitButton(kind));

    await waitFor(() => expect(cost()).toHaveAccessibleDescription('Стоимость не больше 1 000 000 000 руб'));
    expect(cost()).toHaveAttribute('aria-invalid', 'true');
    expect(trigger('Дата размещения')).toHaveAccessibleDescription('Некорректные дата и время размещения');
    expect(trigger('Канал контрагента')).toHaveAccessibleDescription('Некорректная ссылка');
    expect(screen.getByText('Проверьте поля, отмеченные красным')).toBeInTheDocument();
    // Still the form: nothing was created.
    expect(submitButton(kind)).toBeEnabled();
  });

  it('explains a cost it cannot send, in Russian, without asking the server', async () => {
    const { requests } = dealApi(kind);
    const { user } = renderApp(`/${kind}/new`);

    await fillRequired(user, kind);
    await user.clear(cost());
    await user.type(cost(), '10,555');
    await user.click(submitButton(kind));
    expect(await screen.findByText('Не больше двух знаков после запятой')).toBeInTheDocument();

    await user.clear(cost());
    await user.type(cost(), 'сто');
    await user.tab();
    expect(await screen.findByText('Укажите стоимость числом')).toBeInTheDocument();
    expect(calls(requests, 'POST', `/api/${kind}`)).toHaveLength(0);
  });
});

describe('the payload', () => {
  it('of a sale: the sale names, duration null for INFINITY, the placement in Moscow time with +03:00', async () => {
    const { requests } = dealApi('sale');
    const { user } = renderApp('/sale/new');

    await fillRequired(user, 'sale');
    // Issue 33: a new sale starts in the first sale status, as a purchase does.
    await waitFor(() => expect(trigger('Статус')).toHaveAccessibleName('Статус Новая'));
    await user.clear(cost());
    await user.type(cost(), '15 000,5');
    await user.clear(screen.getByRole('textbox', { name: 'Часов в топе' }));
    await user.type(screen.getByRole('textbox', { name: 'Часов в топе' }), '2');

    // A saved counterpart is sent by its id; a person may be a bare name.
    const channelSheet = await openSheet(user, 'Канал контрагента');
    await user.click(await within(channelSheet).findByRole('button', { name: /Маркетинг без воды/ }));
    await closed('Канал контрагента');
    const contactSheet = await openSheet(user, 'Контакт администратора');
    await user.type(within(contactSheet).getByRole('textbox', { name: 'Имя или ссылка на профиль' }), 'Иван');
    await user.click(within(contactSheet).getByRole('button', { name: 'Записать «Иван» без ссылки' }));
    await closed('Контакт администратора');

    await user.click(submitButton('sale'));
    await screen.findByRole('heading', { name: 'Продажа добавлена' });

    expect(calls(requests, 'POST', '/api/sale')[0]?.body).toEqual({
      accommodationCondition: {
        accommodationTime: `${todayIso}T00:00:00+03:00`,
        duration: null,
        durationType: 'INFINITY',
        hoursInTop: 2,
      },
      advertisementFormatId: 1,
      advertisementTypeId: 1,
      channelId: 1,
      contactPerson: { name: 'Иван' },
      externalChannelInfo: { id: 4 },
      price: 15000.5,
      saleDate: todayIso,
      soldByEmployeeId: 7,
      statusId: 1,
    });
  });

  it('of a purchase: the purchase names, no ad type, the first status, a pasted link looked up after 800 ms', async () => {
    useFakeClock();
    const { requests } = dealApi('purchase');
    const { user } = renderApp('/purchase/new', { user: userOnFakeClock });

    await fillRequired(user, 'purchase');
    // Decisions D2: a new purchase starts in the first purchase status.
    await waitFor(() => expect(trigger('Статус')).toHaveAccessibleName('Статус Новая'));
    await pick(user, 'Кто закупил', 'Олег Орлов');

    // Spec §4: the number appears for days or hours.
    await user.click(screen.getByRole('radio', { name: 'Часы' }));
    const hours = screen.getByRole('textbox', { name: 'Сколько часов' });
    await user.clear(hours);
    await user.type(hours, '12');

    // 00:00, one up on the hours wheel goes round to 23 (spec §5 wraps); minutes typed.
    const timeSheet = await openSheet(user, 'Время размещения');
    const hoursWheel = await onWheel(user, timeSheet, 'Часы', '{ArrowUp}');
    expect(selected(hoursWheel)).toBe('23');
    await onWheel(user, timeSheet, 'Минуты', '30');
    await user.click(within(timeSheet).getByRole('button', { name: 'Готово' }));
    await closed('Время размещения');
    expect(trigger('Время размещения')).toHaveAccessibleName(`Время размещения 23:30${zoneMark}`);

    const sheet = await openSheet(user, 'Канал контрагента');
    // The sheet's search loads with its first opening.
    const search = await within(sheet).findByRole('textbox', { name: 'Название или ссылка на канал' });
    const pastedAt = lastInput(search);
    await user.click(search);
    await user.paste('https://t.me/finance_for_all');
    const lookups = () => calls(requests, 'GET', '/api/telegram/channel-info');
    expect(lookups()).toHaveLength(0);
    // Not asked 1 ms before the pause is over; once it is, asked once.
    await holdClockAt(pastedAt() + LINK_DEBOUNCE_MS - 1);
    expect(lookups()).toHaveLength(0);
    await advance(1);
    expect(lookups().map((r) => r.query.get('channelNick'))).toEqual(['finance_for_all']);
    resumeClock();
    const found = await within(sheet).findByRole('region', { name: 'Найденный канал' });
    expect(lookups()).toHaveLength(1);
    await user.click(within(found).getByRole('button', { name: 'Выбрать' }));
    await closed('Канал контрагента');
    expect(trigger('Канал контрагента')).toHaveAccessibleName(
      'Канал контрагента Финансы для всех @finance_for_all',
    );

    await user.click(submitButton('purchase'));
    await screen.findByRole('heading', { name: 'Закупка добавлена' });

    expect(calls(requests, 'POST', '/api/purchase')[0]?.body).toEqual({
      accommodationCondition: {
        accommodationTime: `${todayIso}T23:30:00+03:00`,
        duration: 12,
        durationType: 'HOURS',
        hoursInTop: 0,
      },
      advertisementFormatId: 1,
      channelId: 1,
      contactPerson: null,
      externalChannel: {
        name: foundChannel.name,
        channelLink: 'finance_for_all',
        iconLink: foundChannel.imageLink,
        externalChannelId: foundChannel.userId,
      },
      price: 0,
      purchaseDate: todayIso,
      purchasedByEmployeeId: 12,
      statusId: 11,
    });
  });
});

describe('the placement term', () => {
  it("hides the number for 'Без удаления' and sets it back to 0", async () => {
    dealApi('sale');
    const { user } = renderApp('/sale/new');

    await user.click(await screen.findByRole('radio', { name: 'Дни' }));
    const days = screen.getByRole('textbox', { name: 'Сколько дней' });
    expect(days).toHaveValue('0');
    await user.clear(days);
    await user.type(days, '7');

    await user.click(screen.getByRole('radio', { name: 'Без удаления' }));
    expect(screen.queryByRole('textbox', { name: 'Сколько дней' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: 'Дни' }));
    expect(screen.getByRole('textbox', { name: 'Сколько дней' })).toHaveValue('0');
  });
});

describe('the date wheels', () => {
  it('clamp day, month and year (spec §5) and keep the day within the month', async () => {
    dealApi('sale');
    const { user } = renderApp('/sale/new');

    const sheet = await openSheet(user, 'Дата размещения');
    const month = await onWheel(user, sheet, 'Месяц', '{Home}{ArrowUp}');
    expect(selected(month)).toBe('Январь');
    const day = await onWheel(user, sheet, 'День', '{End}{ArrowDown}');
    expect(selected(day)).toBe('31');
    const year = await onWheel(user, sheet, 'Год', '{End}{ArrowDown}');
    expect(selected(year)).toBe('2055');
    await onWheel(user, sheet, 'Год', '{Home}{ArrowUp}');
    expect(selected(year)).toBe('1995');
    await onWheel(user, sheet, 'Год', '2024');
    expect(selected(year)).toBe('2024');

    // 31 January -> February: the 29th of that leap year.
    await onWheel(user, sheet, 'Месяц', '{ArrowDown}');
    expect(selected(month)).toBe('Февраль');
    expect(selected(within(sheet).getByRole('listbox', { name: 'День' }))).toBe('29');

    await user.click(within(sheet).getByRole('button', { name: 'Готово' }));
    await closed('Дата размещения');
    expect(trigger('Дата размещения')).toHaveAccessibleName('Дата размещения 29.02.2024');
  });
});

describe.each(['sale', 'purchase'] as const)('/%s/5', (kind) => {
  it("shows 'Загрузка...', then the deal in view mode with every field disabled", async () => {
    const { fetchMock } = dealApi(kind);
    const fake = fetchMock.getMockImplementation();
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    fetchMock.mockImplementation(async (input, init) => {
      if (String(input).endsWith(`/api/${kind}/5`)) await held;
      if (!fake) throw new Error('no fake');
      return fake(input, init);
    });
    renderApp(`/${kind}/5`);

    expect(await screen.findByText('Загрузка...')).toBeInTheDocument();
    release();
    // Issue 33: read as every amount is; a typed number only while editing.
    await waitFor(() => expect(cost()).toHaveValue('12\u00a0500\u00a0руб'));
    expect(cost()).toBeDisabled();
    expect(trigger('Наш канал')).toHaveAccessibleName('Наш канал Финансы для всех');
    expect(trigger('Наш канал')).toBeDisabled();
    expect(trigger('Статус')).toHaveAccessibleName('Статус Согласована');
    expect(trigger('Дата размещения')).toHaveAccessibleName('Дата размещения 05.03.2025');
    expect(trigger('Время размещения')).toHaveAccessibleName(`Время размещения 14:30${zoneMark}`);
    expect(screen.getByRole('radio', { name: 'Дни' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Дни' })).toBeDisabled();
    expect(screen.getByRole('textbox', { name: 'Сколько дней' })).toHaveValue('2');
    expect(screen.getByRole('textbox', { name: 'Часов в топе' })).toHaveValue('3');
    expect(trigger('Канал контрагента')).toHaveAccessibleName(
      'Канал контрагента Маркетинг без воды @marketing_no_water',
    );
    // A saved contact is a client: in view mode its name opens the client's card (issue 33).
    expect(screen.getByRole('link', { name: /^Контакт администратора/ })).toHaveAccessibleName(
      `Контакт администратора ${savedContact.name} @irina_volkova`,
    );
    expect(screen.queryByRole('button', { name: 'Сохранить изменения' })).not.toBeInTheDocument();
  });

  it('shows a price with kopecks as 12 345,67 руб in view mode and 12345.67 to edit', async () => {
    const { store } = dealApi(kind);
    store.deal = { ...store.deal, price: 12345.67 };
    const { user } = renderApp(`/${kind}/5`);

    await waitFor(() => expect(cost()).toHaveValue('12\u00a0345,67\u00a0руб'));
    await user.click(screen.getByRole('button', { name: 'Редактирование' }));
    expect(cost()).toHaveValue('12345.67');
  });

  it("toggles between view and edit with 'Редактирование' / 'Отменить'; 'Отменить' drops the changes", async () => {
    dealApi(kind);
    const { user } = renderApp(`/${kind}/5`);

    await user.click(await screen.findByRole('button', { name: 'Редактирование' }));
    expect(cost()).toBeEnabled();
    expect(cost()).toHaveValue('12500');
    expect(trigger('Наш канал')).toBeEnabled();
    const save = screen.getByRole('button', { name: 'Сохранить изменения' });
    expect(save).toBeDisabled();
    expect(screen.getByText('Изменений пока нет')).toBeInTheDocument();

    await user.clear(cost());
    await user.type(cost(), '13000');
    expect(save).toBeEnabled();

    await user.click(screen.getByRole('button', { name: 'Отменить' }));
    expect(cost()).toBeDisabled();
    expect(cost()).toHaveValue('12\u00a0500\u00a0руб');
    expect(screen.getByRole('button', { name: 'Редактирование' })).toBeInTheDocument();
  });

  it('saves only the changed fields with the version, then reloads the deal and shows it in view mode', async () => {
    const { requests } = dealApi(kind);
    const { user } = renderApp(`/${kind}/5`);

    await user.click(await screen.findByRole('button', { name: 'Редактирование' }));
    await user.clear(cost());
    await user.type(cost(), '20000');
    await pick(user, 'Статус', 'Оплачена');
    await user.click(screen.getByRole('button', { name: 'Сохранить изменения' }));

    await waitFor(() => expect(cost()).toBeDisabled());
    const [patch, ...more] = calls(requests, 'PATCH', `/api/${kind}/5`);
    expect(more).toHaveLength(0);
    const status = kind === 'sale' ? 4 : 13;
    expect(patch?.body).toEqual({ price: 20000, statusId: status, version: 2 });
    expect(calls(requests, 'GET', `/api/${kind}/5`)).toHaveLength(2);
    expect(cost()).toHaveValue('20\u00a0000\u00a0руб');
    expect(trigger('Статус')).toHaveAccessibleName('Статус Оплачена');

    // The placement is one field: a change of the hours in top sends all of it, at the new version.
    await user.click(screen.getByRole('button', { name: 'Редактирование' }));
    const top = screen.getByRole('textbox', { name: 'Часов в топе' });
    await user.clear(top);
    await user.type(top, '5');
    await user.click(screen.getByRole('button', { name: 'Сохранить изменения' }));
    await waitFor(() => expect(calls(requests, 'PATCH', `/api/${kind}/5`)).toHaveLength(2));
    expect(calls(requests, 'PATCH', `/api/${kind}/5`)[1]?.body).toEqual({
      accommodationCondition: {
        accommodationTime: '2025-03-05T14:30:00+03:00',
        duration: 2,
        durationType: 'DAYS',
        hoursInTop: 5,
      },
      version: 3,
    });
  });

  it('on 409 says someone else changed the deal, shows the fresh one and stays in edit mode', async () => {
    const { requests, store } = dealApi(kind);
    const { user } = renderApp(`/${kind}/5`);

    await user.click(await screen.findByRole('button', { name: 'Редактирование' }));
    // Someone saves the deal meanwhile.
    store.deal = { ...store.deal, price: 99000, version: 3 };
    await user.clear(cost());
    await user.type(cost(), '20000');
    await user.click(screen.getByRole('button', { name: 'Сохранить изменения' }));

    expect(
      await screen.findByText(
        'Эту запись уже изменил кто-то другой. Мы показали свежую версию — проверьте и сохраните ещё раз.',
      ),
    ).toBeInTheDocument();
    await waitFor(() => expect(cost()).toHaveValue('99000'));
    expect(cost()).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Отменить' })).toBeInTheDocument();

    // Saving again goes on top of the fresh version.
    await user.clear(cost());
    await user.type(cost(), '20000');
    await user.click(screen.getByRole('button', { name: 'Сохранить изменения' }));
    await waitFor(() => expect(cost()).toBeDisabled());
    expect(calls(requests, 'PATCH', `/api/${kind}/5`).map((r) => r.body)).toEqual([
      { price: 20000, version: 2 },
      { price: 20000, version: 3 },
    ]);
    expect(cost()).toHaveValue('20\u00a0000\u00a0руб');
  });

  it('says the deal is not found for a 404', async () => {
    dealApi(kind, {
      [`GET /api/${kind}/5`]: {
        status: 404,
        body: { code: 'NOT_FOUND', message: kind === 'sale' ? 'Продажа не найдена' : 'Закупка не найдена' },
      },
    });
    renderApp(`/${kind}/5`);

    expect(await screen.findByRole('alert')).toHaveTextContent(
      kind === 'sale' ? 'Продажа не найдена' : 'Закупка не найдена',
    );
    expect(screen.getByRole('link', { name: 'Вернуться' })).toHaveAttribute('href', texts[kind].list);
  });
});
