import type { DealSummary } from '@addesk/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { installFakeApi } from '../../../../../test/fake-api';
import { dealListFilterQuery } from '../../api/get-deals';
import type { DealFilters } from '../../lib/deal-search';
import { DealTotals } from './deal-totals';

const summary = (count: number, overdue: number): DealSummary => ({
  count,
  total: 37_500,
  paid: 12_500,
  unpaid: 25_000,
  overdue,
  cancelled: { count: 0, amount: 0 },
});

function show(kind: 'sale' | 'purchase', answer: DealSummary, filters: DealFilters = {}, channelId?: number) {
  const api = installFakeApi({ [`GET /api/${kind}/summary`]: { body: answer } });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <DealTotals kind={kind} filters={filters} channelId={channelId} />
    </QueryClientProvider>,
  );
  return api;
}

describe('DealTotals', () => {
  it('counts the deals in Russian, sums them and shows the unpaid and overdue parts', async () => {
    show('sale', summary(3, 12_500));
    const totals = screen.getByRole('region', { name: 'Итоги списка' });
    expect(await screen.findByText('3 продажи · 37 500 руб')).toBeInTheDocument();
    expect(totals).toHaveTextContent('Не оплачено: 25 000 руб · просрочено 12 500 руб');
    expect(screen.getByText('просрочено 12 500 руб')).toHaveClass('text-destructive');
  });

  it.each([
    [1, '1 продажа · 0 руб без 1 отменённой на 27 000 руб'],
    [3, '3 продажи · 0 руб без 3 отменённых на 27 000 руб'],
    [5, '5 продаж · 0 руб без 5 отменённых на 27 000 руб'],
    [21, '21 продажа · 0 руб без 21 отменённой на 27 000 руб'],
  ])('says which cancelled deals the sum leaves out: %i', async (count, line) => {
    show('sale', { ...summary(count, 0), total: 0, cancelled: { count, amount: 27_000 } });
    const totals = screen.getByRole('region', { name: 'Итоги списка' });
    await screen.findByText(/отменённ/);
    const [sum, left] = [...totals.querySelectorAll('p')].map((p) =>
      p.textContent?.replaceAll('\u00a0', ' '),
    );
    expect(`${sum} ${left}`).toBe(line);
  });

  it('names no cancelled deals when there are none', async () => {
    show('purchase', summary(2, 0));
    await screen.findByText(/2 закупки/);
    expect(screen.queryByText(/отменённ/)).toBeNull();
  });

  it.each([
    ['sale', 1, '1 продажа'],
    ['sale', 5, '5 продаж'],
    ['sale', 21, '21 продажа'],
    ['purchase', 1, '1 закупка'],
    ['purchase', 3, '3 закупки'],
    ['purchase', 11, '11 закупок'],
  ] as const)('%s: %i is %s', async (kind, count, words) => {
    show(kind, summary(count, 0));
    expect(await screen.findByText(new RegExp(`^${words} ·`))).toBeInTheDocument();
    // Nothing overdue: no red part.
    expect(screen.queryByText(/просрочено/)).toBeNull();
  });

  it('asks for the totals of exactly the list’s filters, the channel of a channel’s list included', async () => {
    const filters: DealFilters = {
      statusId: '2',
      paymentState: 'OVERDUE,UNPAID',
      dateCondition: '=ge=2026-03-01',
    };
    const { requests } = show('purchase', summary(2, 0), filters, 6);
    await screen.findByText(/2 закупки/);
    const asked = Object.fromEntries(requests[0]?.query ?? []);
    expect(asked).toEqual(dealListFilterQuery('purchase', { filters, sort: 'date' }, 6));
    expect(asked).toEqual({
      statusId: '2',
      paymentState: 'OVERDUE,UNPAID',
      purchaseDateCondition: '=ge=2026-03-01',
      channelId: '6',
    });
  });
});
