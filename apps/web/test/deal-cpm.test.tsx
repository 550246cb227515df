import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deal, dealListApi, filterCalls } from './deal-list-api';
import { renderApp } from './render-app';

// The purchases list's CPM (issue 36): the price of a thousand views on cards and rows, and the order by it.

vi.setConfig({ testTimeout: 30_000 });

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-03-18T09:00:00Z'));
});
afterEach(() => {
  vi.useRealTimers();
});

const purchases = [deal('purchase', 1, { cpm: 450 }), deal('purchase', 2, { cpm: null })];

describe('CPM in the purchases list', () => {
  it('shows it on a purchase card once views are known, and no line before', async () => {
    dealListApi('purchase', { items: purchases });
    renderApp('/purchases');
    const cards = (await screen.findAllByRole('article')) as HTMLElement[];
    const figure = (card: HTMLElement | undefined) =>
      within(card as HTMLElement).queryByText('CPM', { selector: 'dt' })?.nextElementSibling?.textContent;
    expect(figure(cards[0])).toBe('450\u00a0руб');
    expect(figure(cards[1])).toBeUndefined();
  });

  it("writes it under a row's price in the table", async () => {
    dealListApi('purchase', { items: purchases });
    renderApp('/purchases?view=table');
    const table = await screen.findByRole('table', { name: 'Закупки' });
    const [, row1, row2] = within(table).getAllByRole('row') as HTMLElement[];
    const priceOf = (row: HTMLElement | undefined) =>
      within(row as HTMLElement)
        .getAllByRole('cell')
        .at(-1)?.textContent;
    expect(priceOf(row1)).toBe('12\u00a0500 руб, Не оплачено, CPM 450 руб');
    expect(priceOf(row2)).toBe('12\u00a0500 руб, Не оплачено');
  });

  it("orders purchases 'по CPM' on request, in the URL and the call, cheapest first", async () => {
    const { requests } = dealListApi('purchase', { items: purchases });
    const { user, router } = renderApp('/purchases');
    await screen.findAllByRole('article');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Сначала новые' }), 'по CPM');
    await waitFor(() => expect(router.state.location.search).toEqual({ sort: 'cpm' }));
    await waitFor(() => expect(filterCalls(requests, 'purchase')).toContain('sort=cpm'));
    expect(screen.getByRole('combobox', { name: 'Сначала дешёвые' })).toHaveDisplayValue('по CPM');
  });

  it('offers no CPM order on sales', async () => {
    dealListApi('sale', { items: [deal('sale', 1, { cpm: 300 })] });
    renderApp('/sales');
    await screen.findAllByRole('article');
    const offered = within(screen.getByRole('combobox', { name: 'Сначала новые' })).getAllByRole('option');
    expect(offered.map((option) => option.textContent)).not.toContain('по CPM');
    expect(screen.queryByText('CPM', { selector: 'dt' })).not.toBeInTheDocument();
  });
});
