import { kindNameOf, purchaseFilterQuery, saleFilterQuery } from '@addesk/contract';
import { describe, expect, it } from 'vitest';
import {
  type DealListSearchInput,
  dealFilterNames,
  dealFilterQuery,
  dealFiltersOf,
  dealListSearch,
  filterIds,
  listFilter,
  paymentStatesOf,
  validatePurchaseListSearch,
  validateSaleListSearch,
  writeIdsAsNumbers,
} from './deal-search';

/** What the router hands a validator: any JSON values under any keys. */
const raw = <K extends 'sale' | 'purchase'>(search: Record<string, unknown>) =>
  search as DealListSearchInput<K>;

describe('the search params of /sales and /purchases', () => {
  it('are the names of spec §2.5/§2.6, which are the names of the filter call', () => {
    expect(dealFilterNames.map((name) => kindNameOf('sale', name)).sort()).toEqual(
      [
        'advertisementTypeId',
        'channelId',
        'externalChannelId',
        'priceCondition',
        'paymentState',
        'q',
        'saleDateCondition',
        'soldBy',
        'statusId',
      ].sort(),
    );
    expect(dealFilterNames.map((name) => kindNameOf('purchase', name)).sort()).toEqual(
      [
        'advertisementTypeId',
        'channelId',
        'externalChannelId',
        'priceCondition',
        'paymentState',
        'purchaseDateCondition',
        'q',
        'purchasedBy',
        'statusId',
      ].sort(),
    );
    // Every one of them is a query key the server's filter schema knows.
    const known = { sale: saleFilterQuery.shape, purchase: purchaseFilterQuery.shape };
    for (const kind of ['sale', 'purchase'] as const) {
      for (const name of dealFilterNames) expect(known[kind]).toHaveProperty(kindNameOf(kind, name));
    }
  });

  it('are optional strings: numbers from the URL become strings, blanks and "all" are dropped, every key returned', () => {
    const search = validateSaleListSearch(
      raw({
        statusId: 3,
        channelId: ' 3,5 ',
        soldBy: 'all',
        saleDateCondition: '=bt=(2026-03-01,2026-03-31)',
        priceCondition: '   ',
        view: 'table',
      }),
    );
    expect(search).toEqual({
      statusId: '3',
      channelId: '3,5',
      soldBy: undefined,
      saleDateCondition: '=bt=(2026-03-01,2026-03-31)',
      priceCondition: undefined,
      advertisementTypeId: undefined,
      externalChannelId: undefined,
      paymentState: undefined,
      view: 'table',
    });
    // Another kind's names mean nothing here; an unknown tab is the cards.
    const purchase = validatePurchaseListSearch(raw({ soldBy: 5, view: 'grid' }));
    expect(purchase).not.toHaveProperty('soldBy');
    expect(purchase.view).toBeUndefined();
    expect(Object.keys(purchase)).toContain('purchasedBy');
  });

  it('drops what is not a string or a number, and absurdly long values', () => {
    const search = validateSaleListSearch({
      statusId: true,
      channelId: { a: 1 },
      soldBy: 'x'.repeat(501),
    } as never);
    expect(search.statusId).toBeUndefined();
    expect(search.channelId).toBeUndefined();
    expect(search.soldBy).toBeUndefined();
  });

  it('maps filters by meaning to each kind’s names and back', () => {
    const filters = { by: '7', dateCondition: '=bt=(2026-03-01,2026-03-31)', statusId: '2' };
    expect(dealFilterQuery('sale', filters)).toEqual({
      soldBy: '7',
      saleDateCondition: '=bt=(2026-03-01,2026-03-31)',
      statusId: '2',
    });
    expect(dealFilterQuery('purchase', filters)).toEqual({
      purchasedBy: '7',
      purchaseDateCondition: '=bt=(2026-03-01,2026-03-31)',
      statusId: '2',
    });
    expect(
      dealFiltersOf('purchase', validatePurchaseListSearch(raw({ purchasedBy: 7, view: 'table' }))),
    ).toEqual({
      by: '7',
    });
  });

  it("writes no key for 'Все' or the cards tab", () => {
    expect(
      dealListSearch('sale', { channelId: undefined, statusId: '' }, { view: 'cards', sort: 'date' }),
    ).toEqual({});
    expect(dealListSearch('sale', { channelId: '5' }, { view: 'table', sort: 'date' })).toEqual({
      channelId: '5',
      view: 'table',
    });
    expect(dealListSearch('purchase', { q: 'zebra' }, { view: 'cards', sort: 'placement' })).toEqual({
      q: 'zebra',
      sort: 'placement',
    });
  });

  it('writes single ids as numbers for a clean address', () => {
    const written = writeIdsAsNumbers<Record<string, unknown>>({
      search: {},
      next: () => ({
        statusId: '3',
        channelId: '3,5',
        saleDateCondition: '=bt=(2026-03-01,2026-03-31)',
        view: 'table',
      }),
    });
    expect(written).toEqual({
      statusId: 3,
      channelId: '3,5',
      saleDateCondition: '=bt=(2026-03-01,2026-03-31)',
      view: 'table',
    });
  });

  it('reads and writes lists of ids', () => {
    expect(filterIds('3, 5,x,0,8')).toEqual([3, 5, 8]);
    expect(filterIds(undefined)).toEqual([]);
    expect(listFilter([6, 5])).toBe('6,5');
    expect(listFilter([])).toBeUndefined();
  });

  it('keeps the known payment states of the URL, once each, and sends them comma-joined', () => {
    expect(paymentStatesOf(' OVERDUE,UNPAID,bogus,OVERDUE')).toEqual(['OVERDUE', 'UNPAID']);
    expect(validateSaleListSearch(raw({ paymentState: 'PAID,nope' })).paymentState).toBe('PAID');
    expect(validatePurchaseListSearch(raw({ paymentState: 'nope' })).paymentState).toBeUndefined();
    expect(dealFilterQuery('purchase', { paymentState: 'OVERDUE,UNPAID' })).toEqual({
      paymentState: 'OVERDUE,UNPAID',
    });
  });
});
