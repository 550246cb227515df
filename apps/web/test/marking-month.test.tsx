import { type MarkingMonth, type MarkingMonthDeal, markingViewsBody } from '@addesk/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { shownMonth } from '@/features/marking';
import { dueText } from '@/features/marking/components/marking-due-banner';
import { readViews, viewsProblem } from '@/features/marking/lib/views-rule';
import { salesManager } from './deal-api';
import { demoUser, type FakeHandler, installFakeApi } from './fake-api';
import { renderApp } from './render-app';

// /marking 'Маркировка' (issue 35): the owner's month of marking paperwork — its deals with their state and what
// they lack, the deadline, the views entered by hand, 'Отправить в ОРД', the export and 'Показать ещё'.

vi.setConfig({ testTimeout: 20_000 });

const NO_KEY = 'Сначала добавьте ключ API ОРД в настройках';

function deal(overrides: Partial<MarkingMonthDeal> = {}): MarkingMonthDeal {
  return {
    kind: 'sale',
    id: 5,
    date: '2026-11-03',
    channel: { id: 1, name: 'Новости Москвы' },
    counterpart: 'ООО «Ромашка»',
    erid: null,
    state: 'no_data',
    views: null,
    viewsSource: null,
    amount: 12_500,
    missing: ['ИНН рекламодателя', 'Номер договора'],
    statistics: null,
    act: null,
    erirStatus: null,
    ...overrides,
  };
}

const sale = deal();
const purchase = deal({
  kind: 'purchase',
  id: 9,
  date: '2026-11-20',
  channel: { id: 2, name: 'Крипта' },
  counterpart: 'Юмор',
  erid: 'Kra23f4gH',
  state: 'statistics_sent',
  views: 12_300,
  viewsSource: 'post',
  amount: 30_000,
  missing: [],
  statistics: { status: 'done', message: null },
  act: { status: 'failed', message: 'Неверный ключ API' },
  erirStatus: 'Принято',
});

function month(overrides: Partial<MarkingMonth> = {}): MarkingMonth {
  return {
    month: '2026-11',
    deadline: '2026-12-30',
    daysLeft: 5,
    totals: { deals: 12, withMissing: 3, amount: 125_000, sent: 4 },
    deals: [sale, purchase],
    nextCursor: null,
    ...overrides,
  };
}

function markingApi(handlers: Record<string, FakeHandler> = {}) {
  return installFakeApi({
    'GET /api/employee': { body: demoUser },
    'GET /api/marking/months/2026-11': { body: month() },
    ...handlers,
  });
}

const dealCards = async () => within(await screen.findByRole('list', { name: 'Сделки месяца' }));

describe('/marking', () => {
  it("shows the month's deals with their state, erid, views, amount, what is missing and the ОРД's answers", async () => {
    const { requests } = markingApi();
    renderApp('/marking?month=2026-11');
    expect(await screen.findByRole('heading', { level: 1, name: 'Маркировка' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Ноябрь 2026' })).toBeInTheDocument();
    const cards = await dealCards();
    expect(screen.getByText(`Подать статистику и акты до 30.12.2026 — осталось 5 дней`)).toBeInTheDocument();
    expect(screen.getByText(`12 сделок · 3 без данных · 125 000 руб · подано 4`)).toBeInTheDocument();
    expect(requests.find((r) => r.path === '/api/marking/months/2026-11')?.query.get('limit')).toBe('50');

    const [first, second] = cards
      .getAllByRole('listitem')
      .filter((item) => item.parentElement?.tagName === 'UL');
    if (!first || !second) throw new Error('two deals expected');
    const saleCard = within(first);
    expect(
      saleCard.getByRole('link', { name: /Новости Москвы.*Продажа · 03\.11\.2026 · ООО «Ромашка»/ }),
    ).toHaveAttribute('href', '/sale/5');
    expect(saleCard.getByText('Нет данных')).toBeInTheDocument();
    expect(saleCard.getByText(`12 500 руб`)).toBeInTheDocument();
    expect(saleCard.getByText('Просмотры: не указаны')).toBeInTheDocument();
    expect(saleCard.getByText('Не хватает: ИНН рекламодателя, Номер договора')).toBeInTheDocument();

    const purchaseCard = within(second);
    expect(purchaseCard.getByRole('link', { name: /Крипта.*Закупка · 20\.11\.2026 · Юмор/ })).toHaveAttribute(
      'href',
      '/purchase/9',
    );
    expect(purchaseCard.getByText('Статистика подана')).toBeInTheDocument();
    expect(purchaseCard.getByText('erid: Kra23f4gH')).toBeInTheDocument();
    expect(purchaseCard.getByText(`Просмотры: 12 300 (по посту)`)).toBeInTheDocument();
    expect(purchaseCard.queryByText(/Не хватает/)).not.toBeInTheDocument();
    expect(purchaseCard.getByText('Статистика: подана')).toBeInTheDocument();
    expect(purchaseCard.getByText('Акт: ошибка: Неверный ключ API')).toBeInTheDocument();
    expect(purchaseCard.getByText('ЕРИР: Принято')).toBeInTheDocument();

    // The month's file for a manual upload: plain downloads.
    expect(screen.getByRole('link', { name: 'Скачать XLSX' })).toHaveAttribute(
      'href',
      '/api/marking/months/2026-11/export?format=xlsx',
    );
    expect(screen.getByRole('link', { name: 'CSV' })).toHaveAttribute(
      'href',
      '/api/marking/months/2026-11/export?format=csv',
    );
  });

  it.each([
    [1, `остался 1 день`],
    [2, `осталось 2 дня`],
    [5, `осталось 5 дней`],
    [21, `остался 21 день`],
  ])('says %i days are left in Russian', async (daysLeft, text) => {
    markingApi({ 'GET /api/marking/months/2026-11': { body: month({ daysLeft }) } });
    renderApp('/marking?month=2026-11');
    expect(await screen.findByText(`Подать статистику и акты до 30.12.2026 — ${text}`)).toBeInTheDocument();
  });

  it.each([
    [-1, `1 день`],
    [-2, `2 дня`],
    [-5, `5 дней`],
  ])('says when the deadline passed (%i)', async (daysLeft, text) => {
    markingApi({ 'GET /api/marking/months/2026-11': { body: month({ daysLeft }) } });
    renderApp('/marking?month=2026-11');
    expect(await screen.findByText(`Срок прошёл ${text} назад (30.12.2026)`)).toBeInTheDocument();
  });

  it('says the deadline is today', async () => {
    markingApi({ 'GET /api/marking/months/2026-11': { body: month({ daysLeft: 0 }) } });
    renderApp('/marking?month=2026-11');
    expect(
      await screen.findByText('Подать статистику и акты до 30.12.2026 — срок сегодня'),
    ).toBeInTheDocument();
  });

  it("says an empty month has no placements, without 'Отправить в ОРД'", async () => {
    markingApi({
      'GET /api/marking/months/2026-11': {
        body: month({ deals: [], totals: { deals: 0, withMissing: 0, amount: 0, sent: 0 } }),
      },
    });
    renderApp('/marking?month=2026-11');
    expect(await screen.findByText('В этом месяце нет размещений')).toBeInTheDocument();
    expect(screen.queryByText(/сделок ·/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Отправить в ОРД' })).not.toBeInTheDocument();
  });

  it('moves between months with the switcher, up to the current one', async () => {
    const { requests } = markingApi({
      'GET /api/marking/months/2026-10': { body: month({ month: '2026-10' }) },
    });
    const { user, router } = renderApp('/marking?month=2026-11');
    await dealCards();
    await user.click(screen.getByRole('button', { name: 'Предыдущий месяц' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Октябрь 2026' })).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toEqual({ month: '2026-10' }));
    expect(requests.some((r) => r.path === '/api/marking/months/2026-10')).toBe(true);
  });

  it('refuses bad views in Russian without sending them, then saves good ones', async () => {
    const { requests } = markingApi({
      'PUT /api/sale/5/marking/views': (request) => ({
        body: { views: (request.body as { views: number }).views },
      }),
    });
    const { user } = renderApp('/marking?month=2026-11');
    const cards = await dealCards();
    await user.click(cards.getByRole('button', { name: 'Изменить просмотры: Новости Москвы, 03.11.2026' }));
    const sheet = await screen.findByRole('dialog', { name: 'Просмотры' });
    const field = within(sheet).getByRole('textbox', { name: 'Просмотры для отчёта' });
    const save = within(sheet).getByRole('button', { name: 'Сохранить' });

    await user.type(field, '-5');
    await user.click(save);
    expect(await within(sheet).findByText('Просмотры не могут быть отрицательными')).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');

    await user.clear(field);
    await user.type(field, '12,5');
    await user.click(save);
    expect(await within(sheet).findByText('Просмотры: целое число')).toBeInTheDocument();

    await user.clear(field);
    await user.type(field, 'много');
    await user.click(save);
    expect(await within(sheet).findByText('Просмотры: целое число')).toBeInTheDocument();
    expect(requests.some((r) => r.method === 'PUT')).toBe(false);

    await user.clear(field);
    await user.type(field, '15 000');
    await user.click(save);
    await waitFor(() => expect(requests.some((r) => r.method === 'PUT')).toBe(true));
    expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({ views: 15_000 });
    expect(await screen.findByText('Просмотры сохранены')).toBeInTheDocument();
    // The month is read again.
    await waitFor(() =>
      expect(requests.filter((r) => r.path === '/api/marking/months/2026-11').length).toBeGreaterThan(1),
    );
  });

  it('sends the month to the ОРД and says how many went to the queue', async () => {
    const { requests } = markingApi({
      'POST /api/marking/months/2026-11/send': { status: 202, body: { queued: 4 } },
    });
    const { user } = renderApp('/marking?month=2026-11');
    await dealCards();
    await user.click(screen.getByRole('button', { name: 'Отправить в ОРД' }));
    expect(await screen.findByText('Отправлено в очередь: 4')).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(1);
    await waitFor(() =>
      expect(requests.filter((r) => r.path === '/api/marking/months/2026-11').length).toBeGreaterThan(1),
    );
  });

  it("shows the server's 'no key' refusal with a link to the ОРД settings", async () => {
    markingApi({
      'POST /api/marking/months/2026-11/send': {
        status: 400,
        body: { code: 'VALIDATION_ERROR', message: NO_KEY },
      },
    });
    const { user } = renderApp('/marking?month=2026-11');
    await dealCards();
    await user.click(screen.getByRole('button', { name: 'Отправить в ОРД' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(NO_KEY);
    expect(within(alert).getByRole('link', { name: 'Настройки ОРД' })).toHaveAttribute(
      'href',
      '/profile/settings/ord',
    );
    expect(screen.queryByText(/Отправлено в очередь/)).not.toBeInTheDocument();
  });

  it("loads the next page with 'Показать ещё'", async () => {
    const later = deal({ id: 77, date: '2026-11-29', channel: { id: 3, name: 'Юмор' }, missing: [] });
    const { requests } = markingApi({
      'GET /api/marking/months/2026-11': (request) =>
        request.query.get('cursor') === 'page2'
          ? { body: month({ deals: [later], nextCursor: null }) }
          : { body: month({ nextCursor: 'page2' }) },
    });
    const { user } = renderApp('/marking?month=2026-11');
    const cards = await dealCards();
    expect(cards.queryByRole('link', { name: /Юмор.*29\.11\.2026/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Показать ещё' }));
    expect(await cards.findByRole('link', { name: /Юмор.*29\.11\.2026/ })).toHaveAttribute(
      'href',
      '/sale/77',
    );
    expect(
      requests.filter((r) => r.path === '/api/marking/months/2026-11').map((r) => r.query.get('cursor')),
    ).toEqual([null, 'page2']);
    expect(screen.queryByRole('button', { name: 'Показать ещё' })).not.toBeInTheDocument();
  });

  it('is refused to someone who is not the owner, without asking for the month', async () => {
    const { requests } = markingApi({ 'GET /api/employee': { body: salesManager } });
    renderApp('/marking?month=2026-11');
    expect(await screen.findByText('Этот раздел доступен только владельцу команды.')).toBeInTheDocument();
    expect(requests.some((r) => r.path.startsWith('/api/marking'))).toBe(false);
  });

  it('is reached from the profile by the owner only', async () => {
    markingApi();
    const owner = renderApp('/profile');
    const menu = await screen.findByRole('navigation', { name: 'Разделы профиля' });
    expect(within(menu).getByRole('link', { name: 'Маркировка' })).toHaveAttribute('href', '/marking');
    owner.unmount();

    markingApi({ 'GET /api/employee': { body: salesManager } });
    renderApp('/profile');
    const theirs = await screen.findByRole('navigation', { name: 'Разделы профиля' });
    expect(within(theirs).queryByRole('link', { name: 'Маркировка' })).not.toBeInTheDocument();
  });
});

describe('the month /marking opens on', () => {
  it('is the one asked for when it is a month', () => {
    expect(shownMonth('2026-03', '2026-11-28')).toBe('2026-03');
  });

  it('is the previous month while its deadline has not passed, else the current one', () => {
    // October's deadline is 30.11: on the 28th and the 30th it is still October's paperwork.
    expect(shownMonth(undefined, '2026-11-28')).toBe('2026-10');
    expect(shownMonth(undefined, '2026-11-30')).toBe('2026-10');
    expect(shownMonth(undefined, '2026-12-01')).toBe('2026-11');
    expect(shownMonth(undefined, '2027-01-15')).toBe('2026-12');
    // 31 days after a 31-day month: its deadline has passed.
    expect(shownMonth(undefined, '2026-01-31')).toBe('2026-01');
  });

  it('ignores what is not a month', () => {
    expect(shownMonth('2026-13', '2026-12-20')).toBe('2026-11');
    expect(shownMonth('nonsense', '2026-12-31')).toBe('2026-12');
  });
});

describe("the views' sheet's rule", () => {
  it("answers as the contract's markingViewsBody does", () => {
    for (const text of [
      '',
      '0',
      '15 000',
      '-1',
      '12,5',
      '1.5',
      'много',
      '1000000000',
      '1000000001',
      '0x10',
      '1e3',
    ]) {
      const views = readViews(text);
      const parsed = markingViewsBody.safeParse({ views });
      expect(viewsProblem(views), text).toBe(parsed.success ? undefined : parsed.error.issues[0]?.message);
    }
  });
});

describe("the dashboard's marking reminder", () => {
  const due = { month: '2026-11', deadline: '2026-12-30', daysLeft: 5, withMissing: 3 };
  it.each([
    [5, 3, 'осталось 5 дней, не хватает данных по 3 сделкам'],
    [2, 2, 'осталось 2 дня, не хватает данных по 2 сделкам'],
    [1, 1, 'остался 1 день, не хватает данных по 1 сделке'],
    [0, 21, 'срок сегодня, не хватает данных по 21 сделке'],
  ])('says %i days and %i deals in Russian', (daysLeft, withMissing, end) => {
    expect(dueText({ ...due, daysLeft, withMissing }).replaceAll('\u00a0', ' ')).toBe(
      `Маркировка за ноябрь: до 30.12.2026 ${end}`,
    );
  });
});
