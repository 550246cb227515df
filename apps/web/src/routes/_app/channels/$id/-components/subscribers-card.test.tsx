import type { ChannelSubscribers } from '@addesk/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { channel, demoUser, installFakeApi } from '../../../../../../test/fake-api';
import { renderApp } from '../../../../../../test/render-app';

const counted: ChannelSubscribers = {
  count: 12_345,
  countedAt: '2026-11-25T06:00:00.000Z',
  change7d: 120,
  change30d: -15,
  joined7d: { purchases: 40, organic: 12 },
  joined30d: { purchases: 1, organic: 0 },
  watchingSince: '2026-10-01T09:30:00.000Z',
};

async function openCard(subscribers: ChannelSubscribers, archivedAt: string | null = null) {
  installFakeApi({
    'GET /api/employee': { body: demoUser },
    'GET /api/channel/5': { body: { ...channel(5, 'Новости Москвы'), archivedAt } },
    'GET /api/channel/5/employees': { body: [] },
    'GET /api/telegram/bot': { body: { username: 'addesk_bot' } },
    'GET /api/channel/5/subscribers': { body: subscribers },
  });
  const { unmount } = renderApp('/channels/5');
  const card = await screen.findByRole('region', { name: 'Подписчики' });
  return {
    card,
    unmount,
    text: async (pattern: RegExp) => within(card).findByText(pattern),
    /** The count: a number and its noun, in two elements. */
    figure: async () =>
      within(card).findByText(
        (_, element) => element?.tagName === 'P' && /^[\d\s]+подписчик/.test(element.textContent ?? ''),
      ),
  };
}

// Figures keep their groups and nouns together with non-breaking spaces; the tests read them as plain spaces.
const plain = (element: HTMLElement) => element.textContent?.replace(/\u00a0/g, ' ');

describe('/channels/{id} subscribers card', () => {
  it('shows the count, its change with sign and arrow, the joins split by origin, when it was counted and what is not counted', async () => {
    const { card, text, figure } = await openCard(counted);
    expect(plain(await figure())).toBe('12 345 подписчиков');
    const changes = within(card).getAllByRole('listitem').slice(0, 2).map(plain);
    expect(changes).toEqual(['+120 за 7 дней', '\u221215 за 30 дней']);
    expect(plain(await text(/за 7 дней:/))).toBe('Вступили за 7 дней: 40 по закупкам, 12 органически');
    expect(plain(await text(/за 30 дней:/))).toBe('Вступил за 30 дней: 1 по закупкам, 0 органически');
    // The team's zone (Moscow), marked where the device's clock differs.
    expect(plain(await text(/^Обновлено/))).toMatch(/^Обновлено 25\.11\.2026, 09:00( МСК)?$/);
    expect(plain(await text(/^Бот считает вступления/))).toMatch(
      /^Бот считает вступления только с 01\.10\.2026, когда его сделали администратором; кто вступил раньше, не учтён\./,
    );
  });

  it('puts the noun in the form its number takes', async () => {
    for (const [count, noun] of [
      [1, 'подписчик'],
      [3, 'подписчика'],
      [11, 'подписчиков'],
      [1_021, 'подписчик'],
    ] as const) {
      const { figure, card, unmount } = await openCard({ ...counted, count, change7d: 0 });
      expect(plain(await figure())).toBe(`${String(count).replace(/\B(?=(\d{3})+$)/g, ' ')} ${noun}`);
      expect(plain(within(card).getAllByRole('listitem')[0] as HTMLElement)).toBe('0 за 7 дней');
      unmount();
    }
  });

  it('says what is missing: no change yet, no joins, and before the first count where the bot is explained', async () => {
    const { text, unmount } = await openCard({
      ...counted,
      change7d: null,
      change30d: null,
      joined7d: { purchases: 0, organic: 0 },
      joined30d: { purchases: 0, organic: 0 },
    });
    expect(plain(await text(/^за 7 дней/))).toBe('за 7 дней — нет данных');
    expect(plain(await text(/^За 30 дней/))).toBe('За 30 дней вступлений не было');
    unmount();

    const none: ChannelSubscribers = {
      count: null,
      countedAt: null,
      change7d: null,
      change30d: null,
      joined7d: { purchases: 0, organic: 0 },
      joined30d: { purchases: 0, organic: 0 },
      watchingSince: null,
    };
    const waiting = await openCard(none);
    expect(plain(await waiting.text(/^Число подписчиков появится/))).toBe(
      'Число подписчиков появится, когда бот станет администратором канала.',
    );
    expect(
      within(waiting.card).getByRole('link', { name: 'Как сделать бота администратором' }),
    ).toHaveAttribute('href', '#bot-card');
    expect(within(waiting.card).queryByText(/подписчиков$/)).not.toBeInTheDocument();
    waiting.unmount();

    const archived = await openCard(none, '2026-11-01T00:00:00.000Z');
    expect(await archived.text(/^Бот не считал подписчиков/)).toBeInTheDocument();
    expect(within(archived.card).queryByRole('link')).not.toBeInTheDocument();
  });
});
