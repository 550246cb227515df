import type { ScheduleItem } from '@addesk/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SlotConflictWarning } from '@/features/schedule';
import { createQueryClient } from '@/lib/query-client';
import {
  channel,
  countedPage,
  demoUser,
  type FakeHandler,
  installFakeApi,
  type RecordedRequest,
} from './fake-api';
import { renderApp } from './render-app';

// /content and /channels/{id}/content (issue 14): the agenda by day of the team's zone, its filters and month view,
// and the sale form's slot warning.

vi.setConfig({ testTimeout: 30_000 });

beforeEach(() => {
  // Wednesday, 18 March 2026, 12:00 in Moscow, 16:00 in Novosibirsk.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-03-18T09:00:00Z'));
});
afterEach(() => {
  vi.useRealTimers();
});

const news = channel(5, 'Новости Москвы');
const crypto = channel(6, 'Крипта');

function item(overrides: Partial<ScheduleItem> & Pick<ScheduleItem, 'id' | 'placementStart'>): ScheduleItem {
  return {
    kind: 'sale',
    channel: { id: news.id, name: news.name, iconLink: null },
    counterpartName: 'Маркетинг без воды',
    formatName: 'Пост',
    statusName: 'Согласована',
    topUntil: overrides.placementStart,
    removeAt: null,
    conflict: false,
    ...overrides,
  };
}

const items = [
  item({
    id: 1,
    placementStart: '2026-03-18T10:00:00+03:00',
    topUntil: '2026-03-18T11:00:00+03:00',
    removeAt: '2026-03-19T10:00:00+03:00',
  }),
  item({
    id: 2,
    placementStart: '2026-03-18T15:30:00+03:00',
    topUntil: '2026-03-18T18:30:00+03:00',
    conflict: true,
    channel: { id: crypto.id, name: crypto.name, iconLink: null },
  }),
  item({
    id: 3,
    kind: 'purchase',
    placementStart: '2026-03-19T09:00:00+03:00',
    counterpartName: 'Канал продавца',
    formatName: 'Репост',
    statusName: 'Оплачена',
  }),
  item({ id: 4, placementStart: '2026-03-21T20:00:00+03:00', topUntil: '2026-03-22T01:00:00+03:00' }),
];

function scheduleApi(options: { user?: object; schedule?: FakeHandler; calendar?: unknown[] } = {}) {
  return installFakeApi({
    'GET /api/employee': { body: { ...demoUser, ...options.user } },
    'GET /api/schedule': options.schedule ?? { body: { items, nextCursor: null } },
    'GET /api/channel': { body: countedPage([news, crypto]) },
    'GET /api/channel/5': { body: news },
    'GET /api/calendar': { body: options.calendar ?? [] },
    'GET /api/schedule/days': {
      body: [
        { day: '2026-03-20', kind: 'sale', count: 4 },
        { day: '2026-03-20', kind: 'purchase', count: 1 },
      ],
    },
  });
}

const scheduleCalls = (requests: RecordedRequest[]) =>
  requests.filter((r) => r.path === '/api/schedule').map((r) => r.query.toString());

const section = (name: string) => screen.getByRole('region', { name });

describe('the agenda', () => {
  it('groups the placements by day: Сегодня, Завтра, then the date with its weekday', async () => {
    const { requests } = scheduleApi();
    renderApp('/content');
    expect(await screen.findByRole('heading', { level: 1, name: 'Контент' })).toBeInTheDocument();
    await screen.findByRole('region', { name: 'Сегодня' });
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Сегодня',
      'Завтра',
      '21.03.2026, суббота',
    ]);
    // Two weeks from today by default.
    expect(scheduleCalls(requests)).toEqual(['from=2026-03-18&to=2026-03-31&limit=50']);

    const [first, second] = within(section('Сегодня')).getAllByRole('link');
    expect(first).toHaveTextContent(/^10:00/);
    expect(first).toHaveTextContent('Продажа');
    expect(first).toHaveTextContent('Новости Москвы');
    expect(first).toHaveTextContent('Маркетинг без воды · Пост');
    expect(first).toHaveTextContent(/1 час в топе · удалить 19\.03, 10:00/);
    expect(first).toHaveTextContent('Согласована');
    expect(first).not.toHaveTextContent('Пересечение');
    expect(first).toHaveAttribute('href', '/sale/1');
    expect(second).toHaveTextContent(/3 часа в топе · без удаления/);
    expect(second).toHaveTextContent('Пересечение');

    const [purchase] = within(section('Завтра')).getAllByRole('link');
    expect(purchase).toHaveTextContent('Закупка');
    expect(purchase).toHaveTextContent('без топа · без удаления');
    expect(purchase).toHaveAttribute('href', '/purchase/3');
    expect(within(section('21.03.2026, суббота')).getByRole('link')).toHaveTextContent(/5 часов в топе/);
  });

  it('cuts the days in the team’s zone, not the device’s', async () => {
    scheduleApi({
      user: { timeZone: 'Asia/Novosibirsk' },
      schedule: {
        body: {
          items: [
            // 23:30 in Novosibirsk today, 00:30 there tomorrow (both 18 March in Moscow).
            item({ id: 7, placementStart: '2026-03-18T23:30:00+07:00' }),
            item({ id: 8, placementStart: '2026-03-19T00:30:00+07:00' }),
          ],
          nextCursor: null,
        },
      },
    });
    renderApp('/content');
    expect(await screen.findByRole('region', { name: 'Сегодня' })).toHaveTextContent(/^Сегодня23:30/);
    expect(section('Завтра')).toHaveTextContent(/00:30/);
  });

  it('switches the kind and the channel, keeps them in the address, and opens a deal', async () => {
    const { requests } = scheduleApi();
    const { user, router } = renderApp('/content');
    await screen.findByRole('region', { name: 'Сегодня' });
    await user.click(screen.getByRole('button', { name: 'Закупки' }));
    await waitFor(() => expect(router.state.location.search).toMatchObject({ kind: 'purchase' }));
    await waitFor(() => expect(scheduleCalls(requests).at(-1)).toContain('kind=purchase'));
    expect(screen.getByRole('button', { name: 'Закупки' })).toHaveAttribute('aria-pressed', 'true');

    await user.click(screen.getByRole('button', { name: /^Канал: Все каналы/ }));
    await user.click(await screen.findByRole('button', { name: 'Крипта' }));
    await waitFor(() =>
      expect(router.state.location.search).toMatchObject({ kind: 'purchase', channelId: 6 }),
    );
    await waitFor(() =>
      expect(scheduleCalls(requests).at(-1)).toBe(
        'from=2026-03-18&to=2026-03-31&channelId=6&kind=purchase&limit=50',
      ),
    );

    await user.click(screen.getByRole('button', { name: 'Все' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ channelId: 6 }));
    await user.click(within(section('Сегодня')).getAllByRole('link')[0] as HTMLElement);
    await waitFor(() => expect(router.state.location.pathname).toBe('/sale/1'));
  });

  it('shows a month with the placements per day and opens the agenda of a tapped day', async () => {
    const { requests } = scheduleApi({
      calendar: [
        { dateTime: '2026-03-20T07:00:00.000Z', type: 'SALE', dealId: 1, count: 2 },
        { dateTime: '2026-03-20T09:00:00.000Z', type: 'PURCHASE', dealId: 2, count: 1 },
        { dateTime: '2026-03-31T20:30:00.000Z', type: 'SUBSCRIPTION_EXPIRED', dealId: null, count: 1 },
      ],
    });
    const { user, router } = renderApp('/content?view=month');
    const day = await screen.findByRole('button', { name: /^20 марта 2026, 3\u00a0размещения$/ });
    expect(requests.some((r) => r.path === '/api/calendar' && r.query.get('from') === '2026-02-23')).toBe(
      true,
    );
    await user.click(screen.getByRole('button', { name: 'Продажи' }));
    expect(
      await screen.findByRole('button', { name: /^20 марта 2026, 2\u00a0размещения$/ }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /^20 марта 2026/ }));
    await waitFor(() =>
      expect(router.state.location.search).toEqual({ kind: 'sale', from: '2026-03-20', to: '2026-03-20' }),
    );
    await waitFor(() =>
      expect(scheduleCalls(requests).at(-1)).toBe('from=2026-03-20&to=2026-03-20&kind=sale&limit=50'),
    );
    expect(day).not.toBeInTheDocument();
  });

  it('shows one channel’s schedule on its page, the channel in the title', async () => {
    const { requests } = scheduleApi();
    renderApp('/channels/5/content?channelId=6');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Контент · Новости Москвы' }),
    ).toBeInTheDocument();
    await screen.findByRole('region', { name: 'Сегодня' });
    expect(screen.queryByRole('button', { name: /^Канал/ })).not.toBeInTheDocument();
    expect(scheduleCalls(requests)).toEqual(['from=2026-03-18&to=2026-03-31&channelId=5&limit=50']);
  });

  it('counts one channel’s placements in the month view of its page', async () => {
    const { requests } = scheduleApi();
    renderApp('/channels/5/content?view=month');
    expect(
      await screen.findByRole('button', { name: /^20 марта 2026, 5\u00a0размещений$/ }),
    ).toBeInTheDocument();
    const days = requests.filter((r) => r.path === '/api/schedule/days').map((r) => r.query.toString());
    expect(days).toEqual(['from=2026-02-23&to=2026-04-05&channelId=5']);
    expect(requests.some((r) => r.path === '/api/calendar')).toBe(false);
  });

  it('says so when the period is empty', async () => {
    scheduleApi({ schedule: { body: { items: [], nextCursor: null } } });
    renderApp('/content?from=2026-04-01&to=2026-04-02');
    expect(await screen.findByText('В этот период размещений нет')).toBeInTheDocument();
  });
});

describe('the slot warning', () => {
  function renderWarning(props: Parameters<typeof SlotConflictWarning>[0]) {
    const rootRoute = createRootRoute({ component: () => <SlotConflictWarning {...props} /> });
    const router = createRouter({ routeTree: rootRoute, history: createMemoryHistory() });
    return render(
      <QueryClientProvider client={createQueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
  }

  it('names each colliding sale with its slot and a link, and asks nothing before the time is known', async () => {
    const { requests } = installFakeApi({
      'GET /api/sale/conflicts': {
        body: [
          {
            id: 31,
            channel: { id: 5, name: 'Новости Москвы' },
            counterpartName: 'Канал',
            placementStart: '2026-03-18T14:00:00+03:00',
            slotUntil: '2026-03-18T15:00:00+03:00',
          },
          {
            id: 32,
            channel: { id: 5, name: 'Новости Москвы' },
            counterpartName: null,
            placementStart: '2026-03-17T12:00:00+03:00',
            slotUntil: '2026-03-18T14:30:00+03:00',
          },
        ],
      },
    });
    const view = renderWarning({ channelId: 5, accommodationTime: undefined, hoursInTop: 1 });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(requests).toHaveLength(0);
    view.unmount();

    renderWarning({
      channelId: 5,
      accommodationTime: '2026-03-18T14:30:00+03:00',
      hoursInTop: 1,
      excludeId: 9,
    });
    const warning = await screen.findByRole('status');
    const [first, second] = within(warning).getAllByRole('listitem');
    expect(first).toHaveTextContent(/^Пересекается с продажей «Канал», 14:00.*–15:00/);
    expect(within(first as HTMLElement).getByRole('link')).toHaveAttribute('href', '/sale/31');
    expect(second).toHaveTextContent(/«Новости Москвы», 17\.03, 12:00.*–14:30/);
    expect(requests[0]?.query.toString()).toBe(
      'channelId=5&accommodationTime=2026-03-18T14%3A30%3A00%2B03%3A00&hoursInTop=1&excludeId=9',
    );
  });

  it('shows nothing when the slot is free', async () => {
    const { requests } = installFakeApi({ 'GET /api/sale/conflicts': { body: [] } });
    renderWarning({ channelId: 5, accommodationTime: '2026-03-18T14:30:00+03:00', hoursInTop: 0 });
    await waitFor(() => expect(requests).toHaveLength(1));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
