import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dealListApi } from './deal-list-api';
import { renderApp } from './render-app';

// The period picker of spec §2.7 on /sales, with the calendar of decisions D2/D3: icons per day for the days on
// screen, type chips that filter them, 'Готово' only for a changed value.

// Whole screens through the real router: slow on a busy two-core machine, so wait longer than the defaults.
vi.setConfig({ testTimeout: 30_000 });

beforeEach(() => {
  // Wednesday, 18 March 2026, noon in Moscow.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-03-18T09:00:00Z'));
});
afterEach(() => {
  vi.useRealTimers();
});

const entries = [
  { dateTime: '2026-03-05T08:00:00.000Z', type: 'SALE', dealId: 1, count: 2 },
  { dateTime: '2026-03-05T09:00:00.000Z', type: 'PURCHASE', dealId: 2, count: 1 },
  // 22:30 UTC on the 9th is the 10th in Moscow.
  { dateTime: '2026-03-09T22:30:00.000Z', type: 'PURCHASE', dealId: 3, count: 1 },
  { dateTime: '2026-03-31T20:30:00.000Z', type: 'SUBSCRIPTION_EXPIRED', dealId: null, count: 1 },
];

async function openPicker(path = '/sales') {
  const api = dealListApi('sale', { overrides: { 'GET /api/calendar': { body: entries } } });
  const view = renderApp(path);
  await screen.findAllByRole('article');
  await view.user.click(screen.getByRole('button', { name: /^Период/ }));
  const dialog = await screen.findByRole('dialog', { name: 'Период' });
  return { ...api, ...view, dialog };
}

const calendarCalls = (requests: { path: string; query: URLSearchParams }[]) =>
  requests
    .filter((r) => r.path === '/api/calendar')
    .map((r) => `${r.query.get('from')}..${r.query.get('to')}`);

describe('period picker with the calendar', () => {
  it('asks the calendar for exactly the days on screen, month after month', async () => {
    const { requests, dialog, user } = await openPicker();
    expect(within(dialog).getByRole('heading', { name: 'Март 2026' })).toBeInTheDocument();
    // March 2026 is shown from Monday 23 February to Sunday 5 April.
    await waitFor(() => expect(calendarCalls(requests)).toEqual(['2026-02-23..2026-04-05']));

    await user.click(within(dialog).getByRole('button', { name: 'Следующий месяц' }));
    await waitFor(() => expect(calendarCalls(requests).at(-1)).toBe('2026-03-30..2026-05-03'));
    await user.click(within(dialog).getByRole('button', { name: 'Предыдущий месяц' }));
    await user.click(within(dialog).getByRole('button', { name: 'Предыдущий месяц' }));
    await waitFor(() => expect(calendarCalls(requests).at(-1)).toBe('2026-01-26..2026-03-01'));
  });

  it('marks the days with their events in the user’s zone, and the type chips filter them', async () => {
    const { dialog, user } = await openPicker();
    const day = (name: string) => within(dialog).getByRole('button', { name: new RegExp(`^${name}(,|$)`) });

    await waitFor(() =>
      expect(day('5 марта 2026')).toHaveAccessibleName('5 марта 2026, Продажа: 2, Закупка: 1'),
    );
    expect(day('5 марта 2026').querySelectorAll('[data-type]')).toHaveLength(2);
    expect(day('10 марта 2026')).toHaveAccessibleName('10 марта 2026, Закупка: 1');
    expect(day('9 марта 2026')).toHaveAccessibleName('9 марта 2026');
    expect(day('31 марта 2026')).toHaveAccessibleName('31 марта 2026, Окончание тарифа: 1');

    const chips = within(dialog).getByRole('heading', { name: 'Показывать в календаре' })
      .parentElement as HTMLElement;
    const sale = within(chips).getByRole('button', { name: 'Продажа' });
    expect(
      within(chips)
        .getAllByRole('button', { pressed: true })
        .map((b) => b.textContent),
    ).toEqual(['Продажа', 'Закупка', 'Окончание тарифа']);
    await user.click(sale);
    expect(sale).toHaveAttribute('aria-pressed', 'false');
    expect(day('5 марта 2026')).toHaveAccessibleName('5 марта 2026, Закупка: 1');
    expect(day('5 марта 2026').querySelectorAll('[data-type]')).toHaveLength(1);

    await user.click(within(chips).getByRole('button', { name: 'Закупка' }));
    expect(day('5 марта 2026')).toHaveAccessibleName('5 марта 2026');
    expect(day('10 марта 2026')).toHaveAccessibleName('10 марта 2026');
    expect(day('31 марта 2026')).toHaveAccessibleName('31 марта 2026, Окончание тарифа: 1');

    await user.click(sale);
    expect(day('5 марта 2026')).toHaveAccessibleName('5 марта 2026, Продажа: 2');
  });

  it("enables 'Готово' only when the value changed", async () => {
    const { dialog, user } = await openPicker('/sales?saleDateCondition==bt=(2026-03-03,2026-03-17)');
    const done = within(dialog).getByRole('button', { name: 'Готово' });
    expect(done).toBeDisabled();
    expect(within(dialog).getByText('3 марта 2026 — 17 марта 2026')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: /^3 марта 2026/ }));
    expect(done).toBeEnabled();
    // The same range picked again: nothing to apply.
    await user.click(within(dialog).getByRole('button', { name: /^17 марта 2026/ }));
    expect(done).toBeDisabled();

    await user.click(within(dialog).getByRole('button', { name: 'Очистить период' }));
    expect(done).toBeEnabled();
    await user.click(within(dialog).getByRole('button', { name: 'Текущий месяц' }));
    expect(done).toBeEnabled();
  });

  it('closes without applying on the back arrow', async () => {
    const { dialog, user, router, requests } = await openPicker();
    await user.click(within(dialog).getByRole('button', { name: 'Вчера' }));
    await user.click(within(dialog).getByRole('button', { name: 'Назад' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(router.state.location.href).toBe('/sales');
    expect(screen.getByRole('button', { name: 'Период: За все время' })).toBeInTheDocument();
    expect(requests.filter((r) => r.path === '/api/sale/filter')).toHaveLength(1);
  });

  it('says when the calendar could not be loaded, and asks again on request', async () => {
    let fail = true;
    dealListApi('sale', {
      overrides: {
        'GET /api/calendar': () =>
          fail ? { status: 500, body: { code: 'INTERNAL', message: 'Сбой календаря' } } : { body: entries },
      },
    });
    const { user } = renderApp('/sales');
    await screen.findAllByRole('article');
    await user.click(screen.getByRole('button', { name: /^Период/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Период' });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Сбой календаря');
    // The picker still works without the icons.
    await user.click(within(dialog).getByRole('button', { name: 'Сегодня' }));
    expect(within(dialog).getByRole('button', { name: 'Готово' })).toBeEnabled();

    fail = false;
    await user.click(within(dialog).getByRole('button', { name: 'Повторить' }));
    await waitFor(() => expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument());
    expect(within(dialog).getByRole('button', { name: /^5 марта 2026/ })).toHaveAccessibleName(
      '5 марта 2026, Продажа: 2, Закупка: 1',
    );
  });
});
