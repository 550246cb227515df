import {
  type DealKind,
  dealSchemas,
  kindNameOf,
  purchaseFilterQuery,
  saleFilterQuery,
} from '@addesk/contract';
import { describe, expect, it } from 'vitest';
import {
  type DealListSearchInput,
  dealFilterNames,
  dealFilterQuery,
  dealFiltersOf,
  dealListSearch,
  droppedFilters,
  filterAccepts,
  filterIds,
  listFilter,
  paymentStatesOf,
  takeDroppedFilters,
  validatePurchaseListSearch,
  validateSaleListSearch,
  writeIdsAsNumbers,
} from './deal-search';
import { droppedFiltersText } from './dropped-filters-text';

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
    expect(validateSaleListSearch(raw({ paymentState: 'PAID,UNPAID' })).paymentState).toBe('PAID,UNPAID');
    // The filter call refuses a list with an unknown state: the whole filter goes (and the screen says so).
    expect(validateSaleListSearch(raw({ paymentState: 'PAID,nope' })).paymentState).toBeUndefined();
    expect(validatePurchaseListSearch(raw({ paymentState: 'nope' })).paymentState).toBeUndefined();
    expect(dealFilterQuery('purchase', { paymentState: 'OVERDUE,UNPAID' })).toEqual({
      paymentState: 'OVERDUE,UNPAID',
    });
  });
});

/** Values a hand-edited address may hold, good and bad, for every filter. */
const samples: Record<string, readonly string[]> = {
  ids: [
    '3',
    '3,5',
    ' 3 , 5 ',
    '3,,5',
    '3,all',
    'abc',
    '-1',
    '0',
    '1.5',
    '3,x',
    '1e3',
    '32767',
    '32768',
    '9007199254740991',
    '9007199254740992',
    Array.from({ length: 51 }, (_, i) => i + 1).join(','),
    '\u0000',
  ],
  condition: [
    '=bt=(2026-03-01,2026-03-31)',
    '=ge=2026-03-01',
    '==2026-02-30',
    '=bt=(1000,5000)',
    '=ge=1000',
    '=le=1000000000',
    '=le=1000000001',
    '=ge=-1',
    'garbage',
    '2026-03-01',
    `=ge=${'1'.repeat(120)}`,
  ],
  text: ['zebra', 'x'.repeat(100), 'x'.repeat(101), ' spaced ', 'a\u0000b'],
  states: ['PAID', 'PAID,UNPAID', ' OVERDUE , PARTIAL ', 'FOO', 'PAID,FOO', 'paid'],
};
const samplesOf = {
  channelId: 'ids',
  externalChannelId: 'ids',
  by: 'ids',
  statusId: 'ids',
  advertisementTypeId: 'ids',
  dateCondition: 'condition',
  priceCondition: 'condition',
  q: 'text',
  paymentState: 'states',
} as const;

describe('a malformed filter in the address', () => {
  it.each(['sale', 'purchase'] as const)(
    '%s: is what the filter call’s zod schema refuses, value for value (one source of truth: the contract)',
    (kind: DealKind) => {
      const shape = dealSchemas[kind].filter.shape as Record<
        string,
        { safeParse: (v: unknown) => { success: boolean } }
      >;
      for (const name of dealFilterNames) {
        const schema = shape[kindNameOf(kind, name)];
        for (const value of samples[samplesOf[name]] ?? []) {
          expect({ name, value, accepted: filterAccepts(name, value) }).toEqual({
            name,
            value,
            accepted: schema?.safeParse(value).success,
          });
        }
      }
    },
  );

  it('is left out by the routes of both kinds (the lists and a channel’s lists share them) and named', () => {
    const search = raw<'sale'>({
      statusId: 'abc',
      channelId: -1,
      paymentState: 'FOO',
      saleDateCondition: 'garbage',
      soldBy: 7,
      q: 'zebra',
      period: 'garbage',
    });
    expect(validateSaleListSearch(search)).toMatchObject({
      statusId: undefined,
      channelId: undefined,
      paymentState: undefined,
      saleDateCondition: undefined,
      soldBy: '7',
      q: 'zebra',
    });
    expect(droppedFilters('sale', search as Record<string, unknown>)).toEqual([
      'channelId',
      'statusId',
      'dateCondition',
      'paymentState',
    ]);
    // The screen asks once what the validation dropped (the router has rewritten the address by then).
    expect(takeDroppedFilters('purchase')).toEqual([]);
    expect(takeDroppedFilters('sale')).toEqual(['channelId', 'statusId', 'dateCondition', 'paymentState']);
    expect(takeDroppedFilters('sale')).toEqual([]);
    const purchase = raw<'purchase'>({ purchasedBy: 'x', priceCondition: '=ge=abc', statusId: [1, 2] });
    expect(validatePurchaseListSearch(purchase)).toMatchObject({
      purchasedBy: undefined,
      priceCondition: undefined,
      statusId: undefined,
    });
    expect(droppedFilters('purchase', purchase as Record<string, unknown>)).toEqual([
      'statusId',
      'by',
      'priceCondition',
    ]);
    // Blank, 'all' and good values are no problem; another kind's names and unknown keys are not filters at all.
    expect(
      droppedFilters('sale', {
        statusId: ' ',
        channelId: 'all',
        soldBy: 3,
        purchasedBy: 'x',
        period: 'garbage',
      }),
    ).toEqual([]);
  });

  it('is named in one toast, however many there are', () => {
    expect(droppedFiltersText(['statusId'])).toBe('Фильтр «Статус» в адресе не распознан и сброшен');
    expect(droppedFiltersText(['statusId', 'paymentState'])).toBe(
      'Фильтры «Статус», «Оплата» в адресе не распознаны и сброшены',
    );
  });
});
