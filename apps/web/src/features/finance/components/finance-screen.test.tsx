import { OWNER_PERMISSIONS } from '@addesk/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { channel, countedPage, demoUser, type FakeHandler, installFakeApi } from '../../../../test/fake-api';
import { debts, emptySummary, summary } from '../../../../test/finance-api';
import { renderApp } from '../../../../test/render-app';

// /finance through the real router, with fetch answered by the contract's shapes (decisions D5).

const plain = (text: string | null | undefined) => (text ?? '').replace(/\u00a0/g, ' ');
const PERIOD = '=bt=(2026-11-01,2026-11-03)';
const path = (extra = '') => `/finance?period=${encodeURIComponent(PERIOD)}${extra}`;

function financeApi(overrides: Record<string, FakeHandler> = {}) {
  return installFakeApi({
    'GET /api/employee': { body: demoUser },
    'GET /api/channel': { body: countedPage([channel(1, 'Новости Москвы'), channel(2, 'Крипта')]) },
    'GET /api/finance/summary': { body: summary },
    'GET /api/finance/debts': { body: debts },
    'GET /api/marking/levy': (request) => ({
      body: { ...levy, quarter: request.query.get('quarter') ?? levy.quarter },
    }),
    ...overrides,
  });
}

const levy = { quarter: '2026-Q4', revenue: 1_250_000, levy: 37_500, dueDate: '2027-03-05' };

const figure = (name: 'income' | 'spend' | 'profit' | 'cpm') =>
  document.querySelector(`[data-figure="${name}"]`) as HTMLElement;

describe('/finance', () => {
  it('asks for the period by deal date and shows income, spend and profit against the previous period', async () => {
    const { requests } = financeApi();
    renderApp(path());
    await waitFor(() => expect(figure('profit')).toBeTruthy());
    expect(plain(figure('income').textContent)).toContain('Доход12 500 руб+25 %');
    expect(plain(figure('spend').textContent)).toContain('Расход3 000 руб−6 %');
    // The previous profit was 0: no percentage of nothing.
    expect(plain(figure('profit').textContent)).toContain('Прибыль9 500 руб—');
    // Never colour alone: the sign and an arrow, and the comparison spelled out for screen readers.
    expect(plain(figure('income').textContent)).toContain(
      'к прошлому периоду (29.10.2026 – 31.10.2026: 10 000 руб)',
    );
    const call = requests.find((r) => r.path === '/api/finance/summary');
    expect(Object.fromEntries(call?.query ?? [])).toEqual({
      from: '2026-11-01',
      to: '2026-11-03',
      basis: 'accrual',
    });
    expect(screen.getByRole('radio', { name: 'По дате сделки' })).toBeChecked();
  });

  it("shows 'Средний CPM' of the period's purchases and sales beside the figures, a dash where none has views", async () => {
    financeApi();
    renderApp(path());
    await waitFor(() => expect(figure('cpm')).toBeTruthy());
    const cpm = (kind: 'purchase' | 'sale') =>
      figure('cpm').querySelector(`[data-cpm="${kind}"]`) as HTMLElement;
    expect(plain(figure('cpm').querySelector('dt')?.textContent)).toContain('Средний CPM');
    expect(plain(cpm('purchase').textContent)).toBe('закупки450 руб');
    expect(plain(cpm('sale').textContent)).toBe('продажи1 612,50 руб');
    // Money keeps its number and 'руб' together.
    expect(cpm('purchase').textContent).toMatch(/450\u00a0руб$/);
  });

  it("shows '—' alone for a kind none of whose deals of the period has views", async () => {
    financeApi({ 'GET /api/finance/summary': { body: { ...summary, cpm: { sale: 980, purchase: null } } } });
    renderApp(path());
    await waitFor(() => expect(figure('cpm')).toBeTruthy());
    const cpm = (kind: 'purchase' | 'sale') =>
      figure('cpm').querySelector(`[data-cpm="${kind}"]`) as HTMLElement;
    expect(plain(cpm('purchase').textContent)).toBe('закупки—');
    expect(plain(cpm('sale').textContent)).toBe('продажи980 руб');
  });

  it('keeps long figures whole on one line and writes a loss with the minus sign (issue 33)', async () => {
    financeApi({
      'GET /api/finance/summary': {
        body: {
          ...summary,
          income: 1_234_567.89,
          spend: 1_378_915.06,
          profit: -144_347.17,
          previous: { ...summary.previous, profit: 1_000, from: '2026-10-01', to: '2026-10-31' },
        },
      },
    });
    renderApp(path());
    await waitFor(() => expect(figure('profit')).toBeTruthy());
    const amount = (name: 'income' | 'spend' | 'profit') => figure(name).querySelector('dd') as HTMLElement;
    expect(plain(amount('income').textContent)).toBe('1 234 567,89 руб');
    expect(plain(amount('profit').textContent)).toBe('\u2212144 347,17 руб');
    // Percentages and money share the sign: no hyphen anywhere in the figures.
    expect(plain(figure('profit').textContent)).toContain('\u221214535 %');
    expect(document.querySelector('[aria-label="Итоги периода"]')?.textContent).not.toMatch(/-\d/);
    for (const name of ['income', 'spend', 'profit'] as const) {
      expect(amount(name)).toHaveClass('whitespace-nowrap');
      // Between the number and 'руб' only a space that does not break.
      expect(amount(name).textContent).toMatch(/\d\u00a0руб$/);
    }
    // How it fits its card (a container query jsdom does not read) is held in a browser: e2e/tests/finance.spec.ts.
    expect(screen.getByText('Изменение к прошлому периоду: 01.10.2026 – 31.10.2026')).toBeInTheDocument();
  });

  it("switches to 'По оплатам' through the URL", async () => {
    const { requests } = financeApi();
    const { user, router } = renderApp(path());
    await user.click(await screen.findByRole('radio', { name: 'По оплатам' }));
    await waitFor(() => expect(router.state.location.search).toMatchObject({ basis: 'cash' }));
    await waitFor(() =>
      expect(requests.some((r) => r.path === '/api/finance/summary' && r.query.get('basis') === 'cash')).toBe(
        true,
      ),
    );
    expect(screen.getByRole('radio', { name: 'По оплатам' })).toBeChecked();
  });

  it("lists the channels, each opening the channel's sales of the period", async () => {
    financeApi();
    renderApp(path());
    const section = await screen.findByRole('region', { name: 'По каналам' });
    const rows = within(section).getAllByRole('link');
    expect(rows.map((row) => plain(row.textContent))).toEqual([
      'НМНовости МосквыПрибыль: 9 000 рубДоход 10 000 рубРасход 1 000 руб3 сделки',
      'ККриптаПрибыль: 500 рубДоход 2 500 рубРасход 2 000 руб1 сделка',
    ]);
    const href = new URL(rows[0]?.getAttribute('href') ?? '', 'http://localhost');
    expect(href.pathname).toBe('/channels/1/sales');
    expect(href.searchParams.get('saleDateCondition')).toBe(PERIOD);
  });

  it('lists the debts both ways, overdue ones saying by how many days, each opening its deal', async () => {
    financeApi();
    renderApp(path());
    const owedToUs = await screen.findByRole('region', { name: 'Нам должны' });
    expect(plain(owedToUs.textContent)).toContain('15 000 руб · 2 сделки');
    const [first, second] = within(owedToUs).getAllByRole('link');
    expect(first).toHaveAttribute('href', '/sale/41');
    expect(plain(first?.textContent)).toContain('Реклама Плюс');
    expect(plain(first?.textContent)).toContain('просрочено 3 дня, срок 30.10.2026');
    expect(plain(second?.textContent)).toContain('Контрагент не указан');
    expect(plain(second?.textContent)).toContain('оплачено 3 000 руб из 8 000 руб');
    const weOwe = screen.getByRole('region', { name: 'Мы должны' });
    expect(within(weOwe).getByText('Долгов нет')).toBeInTheDocument();
  });

  it("shows the 5 most overdue debts of a side until 'Показать все'", async () => {
    const [item] = debts.receivable.items;
    const many = Array.from({ length: 7 }, (_, i) => ({ ...item, dealId: 100 + i }));
    financeApi({
      'GET /api/finance/debts': {
        body: { ...debts, receivable: { total: 70_000, count: 60, items: many } },
      },
    });
    const { user } = renderApp(path());
    const owedToUs = await screen.findByRole('region', { name: 'Нам должны' });
    expect(within(owedToUs).getAllByRole('link')).toHaveLength(5);
    await user.click(within(owedToUs).getByRole('button', { name: 'Показать все (7)' }));
    expect(within(owedToUs).getAllByRole('link')).toHaveLength(7);
    expect(within(owedToUs).getByText('Показаны первые 7, сначала просроченные')).toBeInTheDocument();
  });

  it("says 'Нет данных за период' when the period has no money", async () => {
    financeApi({ 'GET /api/finance/summary': { body: emptySummary } });
    renderApp(path());
    expect(await screen.findByText('Нет данных за период')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'По каналам' })).not.toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    // No deal with views: 'Средний CPM' says so with a dash of each kind, no money.
    expect(plain(figure('cpm').querySelector('dd')?.textContent)).toBe('закупки—продажи—');
  });

  it("gives screen readers the chart's numbers as a table, and a tap shows a point's figures", async () => {
    financeApi();
    renderApp(path());
    const table = await screen.findByRole('table', { name: 'Доход, расход и прибыль по дням' });
    const rows = within(table).getAllByRole('row');
    expect(rows.map((row) => plain(row.textContent))).toEqual([
      'ДеньДоходРасходПрибыль',
      '01.11.202610 000 руб0 руб10 000 руб',
      '02.11.20260 руб3 000 руб\u22123 000 руб',
      '03.11.20262 500 руб0 руб2 500 руб',
    ]);
    // The chart is 358 px wide in jsdom (no layout): the plot starts at 60 px, three slots of 96 px.
    fireEvent.pointerDown(screen.getByTestId('finance-chart'), { clientX: 60 + 150 });
    await waitFor(() =>
      expect(plain(screen.getByTestId('finance-chart-readout').textContent)).toBe(
        '02.11.2026Доход: 0 рубРасход: 3 000 рубПрибыль: \u22123 000 руб',
      ),
    );
  });

  it('shows a failed summary with its message and a retry', async () => {
    financeApi({
      'GET /api/finance/summary': {
        status: 500,
        body: { code: 'INTERNAL', message: 'Внутренняя ошибка сервера' },
      },
    });
    renderApp(path());
    expect(await screen.findByRole('alert')).toHaveTextContent('Внутренняя ошибка сервера');
    expect(screen.getByRole('button', { name: 'Повторить' })).toBeInTheDocument();
  });

  it('opens on the current month for all channels when the URL chooses nothing', async () => {
    const { requests } = financeApi();
    renderApp('/finance');
    await screen.findByRole('region', { name: 'По каналам' });
    const query = requests.find((r) => r.path === '/api/finance/summary')?.query;
    expect(query?.get('from')).toMatch(/^\d{4}-\d{2}-01$/);
    expect(query?.has('channelId')).toBe(false);
    expect(screen.getByRole('button', { name: /Период: \d{2} \S+ – \d{2} \S+/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Канал: Все каналы' })).toBeInTheDocument();
  });
});

describe("/finance: 'Сбор 3 % с рекламы' (issue 35)", () => {
  const levyCard = () => screen.findByRole('region', { name: /^Сбор 3\s% с рекламы$/ });

  it("shows the owner the levy of the period's end's quarter, in the app's money and date formats", async () => {
    const { requests } = financeApi();
    renderApp(path());
    const card = await levyCard();
    await waitFor(() => expect(plain(card.textContent)).toContain('IV кв. 2026'));
    expect(plain(card.querySelector('p')?.textContent)).toBe(
      'IV кв. 2026: выручка 1 250 000 руб, сбор 37 500 руб, оплатить до 05.03.2027',
    );
    // Money keeps its number and 'руб' together.
    expect(card.textContent).toContain('37\u00a0500\u00a0руб');
    const call = requests.find((r) => r.path === '/api/marking/levy');
    expect(Object.fromEntries(call?.query ?? [])).toEqual({ quarter: '2026-Q4' });
  });

  it('asks for the quarter the chosen period ends in', async () => {
    const { requests } = financeApi();
    renderApp(`/finance?period=${encodeURIComponent('=bt=(2026-01-01,2026-05-31)')}`);
    const card = await levyCard();
    await waitFor(() => expect(plain(card.textContent)).toContain('II кв. 2026'));
    expect(requests.find((r) => r.path === '/api/marking/levy')?.query.get('quarter')).toBe('2026-Q2');
  });

  it("shows the levy's failure in its card with a retry", async () => {
    financeApi({
      'GET /api/marking/levy': { status: 500, body: { code: 'INTERNAL', message: 'Сервер недоступен' } },
    });
    renderApp(path());
    const card = await levyCard();
    expect(await within(card).findByText('Сервер недоступен')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Повторить' })).toBeInTheDocument();
  });

  it('someone who sees finance but is not the owner sees no levy, and it is never asked for', async () => {
    const admin = { ...demoUser, isOwner: false, permissions: { ...OWNER_PERMISSIONS, owner: false } };
    const { requests } = financeApi({ 'GET /api/employee': { body: admin } });
    renderApp(path());
    await waitFor(() => expect(figure('profit')).toBeTruthy());
    await screen.findByRole('region', { name: 'По каналам' });
    expect(screen.queryByRole('region', { name: /Сбор/ })).not.toBeInTheDocument();
    expect(requests.some((r) => r.path === '/api/marking/levy')).toBe(false);
  });
});
