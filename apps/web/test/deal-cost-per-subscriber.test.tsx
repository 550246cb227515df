import { dealSorts, dealSortsOf } from '@addesk/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  type DealListSearchInput,
  validatePurchaseListSearch,
  validateSaleListSearch,
} from '@/features/deals/lib/deal-search';
import { deal, dealListApi, filterCalls } from './deal-list-api';
import { renderApp } from './render-app';

// The purchases list's cost per subscriber (issue 17): the figure on cards and rows, and the order by it.

vi.setConfig({ testTimeout: 30_000 });

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-03-18T09:00:00Z'));
});
afterEach(() => {
  vi.useRealTimers();
});

const purchases = [
  deal('purchase', 1, { subscribers: 8, costPerSubscriber: 125 }),
  deal('purchase', 2, { subscribers: 0, costPerSubscriber: null }),
  deal('purchase', 3),
];

describe('cost per subscriber', () => {
  it("takes from an address exactly the orders the contract gives each kind's list", () => {
    const sale = dealSorts.filter(
      (sort) => (validateSaleListSearch({ sort } as DealListSearchInput<'sale'>).sort ?? 'date') === sort,
    );
    const purchase = dealSorts.filter(
      (sort) =>
        (validatePurchaseListSearch({ sort } as DealListSearchInput<'purchase'>).sort ?? 'date') === sort,
    );
    expect(sale).toEqual(dealSortsOf.sale);
    expect(purchase).toEqual(dealSortsOf.purchase);
  });

  it('shows it on a purchase card, a dash while nobody joined, and no line without an invite link', async () => {
    dealListApi('purchase', { items: purchases });
    renderApp('/purchases');
    const cards = (await screen.findAllByRole('article')) as HTMLElement[];
    const figure = (card: HTMLElement | undefined) =>
      within(card as HTMLElement).queryByText('Цена подписчика')?.nextElementSibling?.textContent;
    expect(figure(cards[0])).toBe('125\u00a0руб');
    expect(figure(cards[1])).toBe('—Пока нет подписчиков');
    expect(figure(cards[2])).toBeUndefined();
  });

  it("writes it under a row's price in the table, only once someone joined", async () => {
    dealListApi('purchase', { items: purchases });
    renderApp('/purchases?view=table');
    const table = await screen.findByRole('table', { name: 'Закупки' });
    const [, row1, row2, row3] = within(table).getAllByRole('row') as HTMLElement[];
    const priceOf = (row: HTMLElement | undefined) =>
      within(row as HTMLElement)
        .getAllByRole('cell')
        .at(-1)?.textContent;
    expect(priceOf(row1)).toBe('12\u00a0500 руб, Не оплачено, Цена подписчика: 125 рубза подп.');
    expect(priceOf(row2)).toBe('12\u00a0500 руб, Не оплачено');
    expect(priceOf(row3)).toBe('12\u00a0500 руб, Не оплачено');
  });

  it('orders purchases by it on request, in the URL and the call, cheapest first', async () => {
    const { requests } = dealListApi('purchase', { items: purchases });
    const { user, router } = renderApp('/purchases');
    await screen.findAllByRole('article');
    const offered = within(screen.getByRole('combobox', { name: 'Сначала новые' })).getAllByRole('option');
    expect(offered.map((option) => (option as HTMLOptionElement).value)).toEqual(dealSortsOf.purchase);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Сначала новые' }), 'по цене подписчика');
    await waitFor(() => expect(router.state.location.search).toEqual({ sort: 'costPerSubscriber' }));
    await waitFor(() => expect(filterCalls(requests, 'purchase')).toContain('sort=costPerSubscriber'));
    expect(screen.getByRole('combobox', { name: 'Сначала дешёвые' })).toHaveDisplayValue(
      'по цене подписчика',
    );
  });

  it('offers no such order for sales, and drops it from a hand-edited address', async () => {
    const { requests } = dealListApi('sale', { items: [deal('sale', 1)] });
    const { router } = renderApp('/sales?sort=costPerSubscriber');
    const [card] = await screen.findAllByRole('article');
    expect(within(card as HTMLElement).queryByText('Цена подписчика')).toBeNull();
    const order = screen.getByRole('combobox', { name: 'Сначала новые' });
    expect(
      within(order)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['по дате продажи', 'по размещению']);
    const values = within(order)
      .getAllByRole('option')
      .map((option) => (option as HTMLOptionElement).value);
    expect(values).toEqual(dealSortsOf.sale);
    expect(router.state.location.search).toEqual({});
    expect(filterCalls(requests, 'sale').every((call) => !call.includes('sort'))).toBe(true);
  });
});
