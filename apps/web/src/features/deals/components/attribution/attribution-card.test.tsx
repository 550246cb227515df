import type { Attribution } from '@addesk/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { type FakeHandler, installFakeApi } from '../../../../../test/fake-api';
import { AttributionCard } from './attribution-card';
import { chartSummary } from './joins-chart';

const LINK = 'https://t.me/+AbCdEf123';
const none: Attribution = {
  inviteLink: null,
  revokedAt: null,
  blocker: null,
  joined: null,
  left: null,
  remaining: null,
  costPerSubscriber: null,
  costPerRemaining: null,
  retention24h: null,
  retention7d: null,
  byDay: [],
};
const counted: Attribution = {
  ...none,
  inviteLink: LINK,
  joined: 3,
  left: 1,
  remaining: 2,
  costPerSubscriber: 4166.67,
  costPerRemaining: 6250,
  retention24h: 2 / 3,
  retention7d: null,
  byDay: [
    { day: '2026-03-03', joined: 1, left: 0 },
    { day: '2026-03-05', joined: 2, left: 1 },
  ],
};

/** The card in a router of its own (its blockers link to the channel's screen), against a fake API. */
function setup(attribution: Attribution, handlers: Record<string, FakeHandler> = {}) {
  const api = installFakeApi({
    'GET /api/purchase/9/attribution': { body: attribution },
    'GET /api/telegram/bot': { body: { username: 'addesk_bot' } },
    ...handlers,
  });
  const root = createRootRoute({
    component: () => <AttributionCard id={9} channel={{ id: 4, name: 'Финансы для всех' }} />,
  });
  const channel = createRoute({ getParentRoute: () => root, path: '/channels/$id' });
  const router = createRouter({
    routeTree: root.addChildren([channel]),
    history: createMemoryHistory({ initialEntries: ['/'] }),
  });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...api, user: userEvent.setup() };
}

const card = () => screen.findByRole('region', { name: 'Подписчики по ссылке' });
/** The figure next to its term, spaces as a person reads them. */
const figure = (term: string) =>
  screen.getByText(term, { selector: 'dt' }).nextElementSibling?.textContent?.replace(/\u00a0/g, ' ');

describe('AttributionCard', () => {
  it('shows the link with copy and share, the figures, costs in roubles and retention in percent', async () => {
    setup(counted);
    const region = await card();
    expect(await within(region).findByText(LINK)).toBeInTheDocument();
    expect(within(region).getByRole('button', { name: 'Скопировать' })).toBeInTheDocument();
    expect(within(region).getByRole('button', { name: 'Поделиться' })).toBeInTheDocument();
    expect(region).toHaveTextContent('Отправьте ссылку продавцу');
    expect(figure('Вступили')).toBe('3');
    expect(figure('Вышли')).toBe('1');
    expect(figure('Остались')).toBe('2');
    expect(figure('Цена подписчика')).toBe('4 166,67 руб');
    expect(figure('Цена оставшегося')).toBe('6 250 руб');
    expect(figure('Остались через 24 часа')).toBe('67 %');
    expect(figure('Остались через 7 дней')).toBe('—');
    expect(within(region).getByRole('button', { name: 'Скачать журнал (CSV)' })).toBeInTheDocument();
    expect(region).toHaveTextContent('органическими');
  });

  it('draws joins per day as an image with a Russian summary and the numbers of each day in a table', async () => {
    setup(counted);
    const chart = await screen.findByRole('img', { name: /^Вступления по дням/ });
    expect(chart).toHaveAccessibleName(
      'Вступления по дням, 03.03–05.03: вступили 3\u00a0подписчика, вышел 1. Больше всего за день: 2 (05.03).',
    );
    // Two weeks up to the last day (a short span is not stretched over the width); the quiet days have no bar.
    expect(chart).toHaveAttribute('viewBox', `0 0 ${14 * 11 - 3} 65`);
    expect(chart.querySelectorAll('rect.fill-primary')).toHaveLength(2);
    expect(chart.querySelectorAll('rect.fill-amber-500')).toHaveLength(1);
    const table = screen.getByRole('table', { name: 'Вступления по дням' });
    expect(within(table).getByRole('row', { name: '05.03 2 1' })).toBeInTheDocument();
  });

  it('says the chart in right plural forms', () => {
    expect(chartSummary([{ day: '2026-03-05', joined: 1, left: 2 }])).toBe(
      'Вступления по дням, 05.03: вступил 1\u00a0подписчик, вышли 2.',
    );
    expect(chartSummary([{ day: '2026-03-05', joined: 5, left: 0 }])).toBe(
      'Вступления по дням, 05.03: вступили 5\u00a0подписчиков, вышли 0.',
    );
  });

  it('shows a dash for every figure nothing is known of, and offers to create the link', async () => {
    const { user, requests } = setup(none, {
      'POST /api/purchase/9/invite-link': {
        body: { ...none, inviteLink: LINK, joined: 0, left: 0, remaining: 0 },
      },
    });
    await card();
    for (const term of ['Вступили', 'Вышли', 'Остались', 'Цена подписчика', 'Цена оставшегося']) {
      await waitFor(() => expect(figure(term)).toBe('—'));
    }
    expect(screen.getByText('Вступлений по ссылке пока не было.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Скачать журнал (CSV)' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Создать ссылку' }));
    expect(await screen.findByText(LINK)).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'POST').map((r) => r.path)).toEqual([
      '/api/purchase/9/invite-link',
    ]);
    expect(figure('Вступили')).toBe('0');
  });

  it('shows the server’s reason when the link cannot be made', async () => {
    const { user } = setup(none, {
      'POST /api/purchase/9/invite-link': {
        status: 400,
        body: { code: 'VALIDATION_ERROR', message: 'Бот не может создать ссылку в этом канале' },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Создать ссылку' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Бот не может создать ссылку в этом канале');
  });

  it.each([
    ['NO_BOT', 'На этом сервере не настроен Telegram-бот', false],
    ['BOT_NOT_ADMIN', 'Добавьте бота @addesk_bot администратором в канал «Финансы для всех»', true],
    ['NO_INVITE_RIGHT', 'без права приглашать пользователей', true],
    ['CANCELLED', 'Закупка отменена', false],
  ] as const)('explains %s instead of a link', async (blocker, text, linksToChannel) => {
    setup({ ...none, blocker });
    const region = await card();
    await waitFor(() => expect(region).toHaveTextContent(text));
    expect(within(region).queryByRole('button', { name: 'Создать ссылку' })).toBeNull();
    expect(within(region).queryByRole('button', { name: 'Скопировать' })).toBeNull();
    const toChannel = within(region).queryByRole('link', { name: 'Открыть канал' });
    if (linksToChannel) expect(toChannel).toHaveAttribute('href', '/channels/4');
    else expect(toChannel).toBeNull();
  });

  it('says when the link was revoked and keeps the figures; a new one can be made when nothing blocks it', async () => {
    setup({ ...counted, revokedAt: '2026-03-07T09:30:00Z' });
    const region = await card();
    expect(await within(region).findByText('Ссылка отозвана 07.03.2026')).toBeInTheDocument();
    expect(within(region).queryByRole('button', { name: 'Скопировать' })).toBeNull();
    expect(within(region).getByRole('button', { name: 'Создать ссылку' })).toBeInTheDocument();
    expect(figure('Вступили')).toBe('3');
    expect(figure('Остались')).toBe('2');
  });

  it('says why a cancelled purchase’s revoked link is not made again', async () => {
    setup({ ...counted, revokedAt: '2026-03-07T09:30:00Z', blocker: 'CANCELLED' });
    const region = await card();
    expect(await within(region).findByText('Ссылка отозвана 07.03.2026')).toBeInTheDocument();
    expect(region).toHaveTextContent('Закупка отменена');
    expect(within(region).queryByRole('button', { name: 'Создать ссылку' })).toBeNull();
    expect(figure('Вступили')).toBe('3');
  });
});
