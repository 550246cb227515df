import { type ChannelPrice, NOT_A_CHANNEL } from '@addesk/contract';
import { OWNER_PERMISSIONS } from '@addesk/contract/plain';
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dealApi, finance, formats } from './deal-api';
import { channel, demoUser, type FakeHandler, installFakeApi, type RecordedRequest } from './fake-api';
import { advance, useFakeClock, userOnFakeClock } from './fake-clock';
import { renderApp } from './render-app';

// Issue 33: a channel's price list on its screen, a new sale priced from it, and a person's link kept as typed but
// never taken for a channel.

vi.setConfig({ testTimeout: 20_000 });
afterEach(() => {
  vi.useRealTimers();
});

const news = { ...channel(5, 'Новости Москвы'), telegramNickName: 'moscow_news' };
const LIST: ChannelPrice[] = [
  { advertisementFormatId: 1, durationType: 'HOURS', duration: 24, hoursInTop: 1, price: 12_500 },
  { advertisementFormatId: 1, durationType: 'INFINITY', duration: null, hoursInTop: 0, price: 30_000 },
  { advertisementFormatId: 2, durationType: 'DAYS', duration: 3, hoursInTop: 2, price: 4_000.5 },
];

const puts = (requests: RecordedRequest[]) =>
  requests.filter((r) => r.method === 'PUT' && r.path === '/api/channel/5/prices');

function channelApi(overrides: Record<string, FakeHandler> = {}) {
  let saved = LIST;
  return installFakeApi({
    'GET /api/employee': { body: demoUser },
    'GET /api/channel/5': { body: news },
    'GET /api/channel/5/employees': { body: [] },
    'GET /api/telegram/bot': { body: { username: 'addesk_bot' } },
    'GET /api/sale/advertisementFormats': { body: formats },
    'GET /api/channel/5/prices': () => ({ body: saved }),
    'PUT /api/channel/5/prices': (request) => {
      saved = request.body as ChannelPrice[];
      return { body: saved };
    },
    ...overrides,
  });
}

const pricesCard = () => screen.findByRole('region', { name: 'Прайс' });

describe("the channel's price list", () => {
  it('shows the prices by format, in roubles, and copies them as text for a client', async () => {
    channelApi();
    const { user } = renderApp('/channels/5');

    const card = await pricesCard();
    const post = await within(card).findByRole('region', { name: 'Пост' });
    expect(post).toHaveTextContent('1/24');
    expect(post).toHaveTextContent('12 500 руб');
    expect(post).toHaveTextContent('без удаления');
    expect(within(card).getByRole('region', { name: 'Репост' })).toHaveTextContent('2/3 дня');

    await user.click(within(card).getByRole('button', { name: 'Скопировать текстом' }));
    // user-event's clipboard stands in for the browser's.
    expect(await navigator.clipboard.readText()).toBe(
      [
        '@moscow_news — прайс',
        '',
        'Пост',
        '1/24 — 12\u00a0500\u00a0руб',
        'без удаления — 30\u00a0000\u00a0руб',
        '',
        'Репост',
        '2/3\u00a0дня — 4\u00a0000,50\u00a0руб',
      ].join('\n'),
    );
    expect(await screen.findByText('Прайс скопирован')).toBeInTheDocument();
  });

  it("is edited whole in a sheet: a line's price changed, a line added, saved in one call", async () => {
    const { requests } = channelApi();
    const { user } = renderApp('/channels/5');

    await user.click(await within(await pricesCard()).findByRole('button', { name: 'Изменить' }));
    const sheet = await screen.findByRole('dialog', { name: 'Прайс канала' });
    const prices = within(sheet).getAllByRole('textbox', { name: 'Цена' });
    await user.clear(prices[0] as HTMLElement);
    await user.type(prices[0] as HTMLElement, '15 000');
    await user.click(within(sheet).getByRole('button', { name: 'Удалить строку 3' }));
    await user.click(within(sheet).getByRole('button', { name: 'Добавить строку' }));
    const added = within(sheet).getAllByRole('textbox', { name: 'Цена' }).at(-1) as HTMLElement;
    await user.type(added, '20000,5');
    await user.click(within(sheet).getByRole('button', { name: 'Сохранить' }));

    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Прайс канала' })).not.toBeInTheDocument(),
    );
    expect(puts(requests).map((r) => r.body)).toEqual([
      [
        { ...LIST[0], price: 15_000 },
        LIST[1],
        { advertisementFormatId: 1, durationType: 'HOURS', duration: 24, hoursInTop: 1, price: 20_000.5 },
      ],
    ]);
    // The card reads amounts as the app does (toHaveTextContent reads non-breaking spaces as spaces).
    expect(await pricesCard()).toHaveTextContent('20 000,50 руб');
  });

  it("shows a line's mistake under it: what cannot be read at once, the server's after saving", async () => {
    const { requests } = channelApi({
      'PUT /api/channel/5/prices': {
        status: 400,
        body: {
          code: 'VALIDATION_ERROR',
          message: 'Проверьте прайс',
          fieldErrors: { '1.price': ['Такая строка уже есть в прайсе'] },
        },
      },
    });
    const { user } = renderApp('/channels/5');

    await user.click(await within(await pricesCard()).findByRole('button', { name: 'Изменить' }));
    const sheet = await screen.findByRole('dialog', { name: 'Прайс канала' });
    const first = within(sheet).getAllByRole('textbox', { name: 'Цена' })[0] as HTMLElement;
    await user.clear(first);
    await user.type(first, 'дорого');
    await user.click(within(sheet).getByRole('button', { name: 'Сохранить' }));
    expect(await within(sheet).findByRole('alert')).toHaveTextContent('Укажите стоимость числом');
    expect(puts(requests)).toHaveLength(0);

    await user.clear(first);
    await user.type(first, '100');
    await user.click(within(sheet).getByRole('button', { name: 'Сохранить' }));
    const items = within(sheet).getAllByRole('listitem');
    expect(await within(items[1] as HTMLElement).findByRole('alert')).toHaveTextContent(
      'Такая строка уже есть в прайсе',
    );
  });

  it('is read by a member who may not change it: no edit button', async () => {
    channelApi({
      'GET /api/employee': {
        body: {
          ...demoUser,
          isOwner: false,
          permissions: {
            ...OWNER_PERMISSIONS,
            owner: false,
            sale: { see: true, createOn: [5], manageOn: [] },
            purchase: { see: false, createOn: [], manageOn: [] },
          },
        },
      },
    });
    renderApp('/channels/5');

    const card = await pricesCard();
    await within(card).findByRole('button', { name: 'Скопировать текстом' });
    expect(within(card).queryByRole('button', { name: 'Изменить' })).not.toBeInTheDocument();
  });
});

async function pick(user: UserEvent, label: string, option: string) {
  await user.click(await screen.findByRole('button', { name: new RegExp(`^${label}`) }));
  const sheet = await screen.findByRole('dialog', { name: label });
  await user.click(await within(sheet).findByRole('button', { name: new RegExp(`^${option}`) }));
  await waitFor(() => expect(screen.queryByRole('dialog', { name: label })).not.toBeInTheDocument());
}

const cost = () => screen.getByRole('textbox', { name: 'Стоимость' });
const hint = () => screen.queryByText('По прайсу канала');

describe("a new deal's price from the list", () => {
  it('fills a sale from the list where channel, format and term match, and never over a typed price', async () => {
    dealApi('sale', { [`GET /api/channel/${finance.id}/prices`]: { body: LIST } });
    const { user } = renderApp('/sale/new');

    await pick(user, 'Наш канал', 'Финансы для всех');
    await pick(user, 'Формат рекламы', 'Пост');
    // 'Без удаления' with no hours in top: the list's 30 000.
    await waitFor(() => expect(cost()).toHaveValue('30000'));
    expect(hint()).toBeInTheDocument();

    const top = screen.getByRole('textbox', { name: 'Часов в топе' });
    await user.clear(top);
    await user.type(top, '1');
    await user.click(screen.getByRole('radio', { name: 'Часы' }));
    const hours = screen.getByRole('textbox', { name: 'Сколько часов' });
    await user.clear(hours);
    await user.type(hours, '24');
    await waitFor(() => expect(cost()).toHaveValue('12500'));
    // Terms the list has no line for take the filled price back.
    await user.type(hours, '0');
    await waitFor(() => expect(cost()).toHaveValue('0'));
    expect(hint()).not.toBeInTheDocument();

    await user.clear(cost());
    await user.type(cost(), '9000');
    await user.clear(hours);
    await user.type(hours, '24');
    expect(cost()).toHaveValue('9000');
    expect(hint()).not.toBeInTheDocument();
  });

  it('leaves a purchase alone: what we buy is priced elsewhere', async () => {
    const { requests } = dealApi('purchase', { [`GET /api/channel/${finance.id}/prices`]: { body: LIST } });
    const { user } = renderApp('/purchase/new');

    await pick(user, 'Наш канал', 'Финансы для всех');
    await pick(user, 'Формат рекламы', 'Пост');
    expect(cost()).toHaveValue('0');
    expect(requests.some((r) => r.path.endsWith('/prices'))).toBe(false);
  });
});

/** What the server answers the channel lookup for a person's link. */
const notAChannel = {
  status: 400,
  body: { code: 'VALIDATION_ERROR', message: NOT_A_CHANNEL, fieldErrors: { channelNick: [NOT_A_CHANNEL] } },
};

describe('a link of a person', () => {
  it("is refused as a channel with the server's message", async () => {
    useFakeClock();
    installFakeApi({
      'GET /api/employee': { body: demoUser },
      'GET /api/telegram/channel-info': notAChannel,
    });
    const { user } = renderApp('/channels/create', { user: userOnFakeClock });

    await user.type(await screen.findByRole('textbox', { name: 'Ссылка на канал' }), '@ivan_petrov');
    await advance(500);
    expect(await screen.findByRole('alert')).toHaveTextContent('Это пользователь, а не канал');
    expect(screen.getByRole('button', { name: 'Добавить канал' })).toBeDisabled();
  });

  it("is not offered as a deal's external channel", async () => {
    dealApi('sale', {
      'GET /api/telegram/channel-info': notAChannel,
    });
    const { user } = renderApp('/sale/new');

    await user.click(await screen.findByRole('button', { name: /^Канал контрагента/ }));
    const sheet = await screen.findByRole('dialog', { name: 'Канал контрагента' });
    await user.type(
      await within(sheet).findByRole('textbox', { name: 'Название или ссылка на канал' }),
      '@ivan_petrov',
    );
    expect(await within(sheet).findByRole('alert', {}, { timeout: 3000 })).toHaveTextContent(NOT_A_CHANNEL);
    expect(within(sheet).queryByRole('button', { name: /Выбрать|без проверки/ })).not.toBeInTheDocument();
  });

  it("is kept as typed on a deal's contact when Telegram does not show the person", async () => {
    const { requests } = dealApi('sale');
    const { user } = renderApp('/sale/new');

    await user.click(await screen.findByRole('button', { name: /^Контакт администратора/ }));
    const sheet = await screen.findByRole('dialog', { name: 'Контакт администратора' });
    const search = await within(sheet).findByRole('textbox', { name: 'Имя или ссылка на профиль' });
    await user.type(search, '@ghost_person');
    const keep = await within(sheet).findByRole(
      'button',
      { name: 'Записать @ghost_person без проверки' },
      { timeout: 3000 },
    );
    expect(within(sheet).getByRole('alert')).toHaveTextContent('Пользователь не найден');
    await user.click(keep);
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Контакт администратора' })).not.toBeInTheDocument(),
    );

    await pick(user, 'Наш канал', 'Финансы для всех');
    await pick(user, 'Формат рекламы', 'Пост');
    await pick(user, 'Тип рекламы', 'Прямая реклама');
    await user.click(screen.getByRole('button', { name: 'Создать продажу' }));
    await screen.findByRole('heading', { name: 'Продажа добавлена' });
    const created = requests.find((r) => r.method === 'POST' && r.path === '/api/sale');
    expect((created?.body as { contactPerson?: unknown } | undefined)?.contactPerson).toEqual({
      name: 'ghost_person',
      profileLink: 'ghost_person',
    });
  });
});
