// Sales and purchases are one kind of thing, a deal on a placement, seen from two sides (decisions D2). Everything
// that differs between the two sides lives here, once: the API's names, the rules, the Russian words, the screens'
// addresses. Every other per-kind map in the code base is derived from this table, and code that needs a kind's
// field under its own name goes through `inKindNames` / `inCommonNames` instead of writing the renaming again.

export const dealKinds = ['sale', 'purchase'] as const;
export type DealKind = (typeof dealKinds)[number];

export const dealVocabulary = {
  sale: {
    /** /api/sale/... */
    path: 'sale',
    /** The names this side's API gives the fields both sides have (spec §3/§7), by their common name. */
    names: {
      date: 'saleDate',
      dateCondition: 'saleDateCondition',
      external: 'externalChannelInfo',
      employee: 'soldByEmployeeInfo',
      employeeId: 'soldByEmployeeId',
      by: 'soldBy',
    },
    /** Only a sale has an ad type (spec §3). */
    hasAdvertisementType: true,
    /** Two sales in one channel's slot collide (the schedule's warnings); what we buy elsewhere does not. */
    slotConflicts: true,
    /** Only a purchase brings subscribers counted by its invite link (issue 17: 'Подписчики по ссылке'). */
    hasAttribution: false,
    /** A sale is an ad in our channel, priced by that channel's price list (issue 33); a purchase is priced elsewhere. */
    pricedByChannelList: true,
    calendarType: 'SALE',
    /** Our channel and the other side in a one-line title ('Канал → Контрагент'): which way the ad goes. */
    arrow: '→',
    routes: {
      list: '/sales',
      new: '/sale/new',
      item: '/sale/$id',
      deleted: '/sale/deleted',
      import: '/sale/import',
    },
    /** A count of deals: 1 продажа, 2 продажи, 5 продаж. */
    countForms: ['продажа', 'продажи', 'продаж'],
    words: {
      title: 'Продажи',
      one: 'Продажа',
      addLabel: 'Добавить продажу',
      empty: 'Здесь пока нет продаж...',
      counterpartLine: 'Кому продавали',
      submitCreate: 'Создать продажу',
      created: 'Продажа добавлена',
      dateLabel: 'Дата продажи',
      byDate: 'по дате продажи',
      managerLabel: 'Кто продал',
      notFound: 'Продажа не найдена',
      periodHint: 'Период отбирает продажи по дате продажи; значки в календаре — дни размещения.',
      newTitle: 'Новая продажа',
      openCreated: 'Открыть продажу',
      delete: 'Удалить продажу',
      deleteQuestion: 'Удалить продажу?',
      deleteHint:
        'Продажа исчезнет из списков, календаря и сумм. Если передумаете, верните её кнопкой «Отменить» в уведомлении после удаления.',
      deleteConfirm: 'Да, удалить продажу',
      deleted: 'Продажа удалена',
      restored: 'Продажа восстановлена',
      deletedTitle: 'Удалённые продажи',
      deletedEmpty: 'Удалённых продаж нет',
    },
  },
  purchase: {
    path: 'purchase',
    names: {
      date: 'purchaseDate',
      dateCondition: 'purchaseDateCondition',
      external: 'externalChannel',
      employee: 'purchasedByEmployeeInfo',
      employeeId: 'purchasedByEmployeeId',
      by: 'purchasedBy',
    },
    hasAdvertisementType: false,
    slotConflicts: false,
    hasAttribution: true,
    pricedByChannelList: false,
    calendarType: 'PURCHASE',
    arrow: '←',
    routes: {
      list: '/purchases',
      new: '/purchase/new',
      item: '/purchase/$id',
      deleted: '/purchase/deleted',
      import: '/purchase/import',
    },
    countForms: ['закупка', 'закупки', 'закупок'],
    words: {
      title: 'Закупки',
      one: 'Закупка',
      addLabel: 'Добавить закупку',
      empty: 'Здесь пока нет закупок...',
      counterpartLine: 'У кого закупали',
      submitCreate: 'Создать закупку',
      created: 'Закупка добавлена',
      dateLabel: 'Дата закупки',
      byDate: 'по дате закупки',
      managerLabel: 'Кто закупил',
      notFound: 'Закупка не найдена',
      periodHint: 'Период отбирает закупки по дате закупки; значки в календаре — дни размещения.',
      newTitle: 'Новая закупка',
      openCreated: 'Открыть закупку',
      delete: 'Удалить закупку',
      deleteQuestion: 'Удалить закупку?',
      deleteHint:
        'Закупка исчезнет из списков, календаря и сумм. Если передумаете, верните её кнопкой «Отменить» в уведомлении после удаления.',
      deleteConfirm: 'Да, удалить закупку',
      deleted: 'Закупка удалена',
      restored: 'Закупка восстановлена',
      deletedTitle: 'Удалённые закупки',
      deletedEmpty: 'Удалённых закупок нет',
    },
  },
} as const satisfies Record<DealKind, DealKindVocabulary>;

type DealKindVocabulary = {
  path: string;
  names: Record<CommonName, string>;
  hasAdvertisementType: boolean;
  slotConflicts: boolean;
  hasAttribution: boolean;
  pricedByChannelList: boolean;
  calendarType: string;
  arrow: string;
  routes: { list: string; new: string; item: string; deleted: string; import: string };
  countForms: readonly [one: string, few: string, many: string];
  words: Record<string, string>;
};

type CommonName = 'date' | 'dateCondition' | 'external' | 'employee' | 'employeeId' | 'by';
type NamesOf<K extends DealKind> = (typeof dealVocabulary)[K]['names'];
type AnyKindName = NamesOf<DealKind>[CommonName];
type CommonOf<P> = { [C in CommonName]: P extends NamesOf<DealKind>[C] ? C : never }[CommonName];

/** An object of either kind with the kind's own names replaced by the common ones ('saleDate' -> 'date'). */
export type InCommonNames<T> = T extends unknown
  ? { [P in keyof T as P extends AnyKindName ? CommonOf<P> : P]: T[P] }
  : never;

/** An object in common names with them replaced by the kind's own ('date' -> 'saleDate' for a sale). */
export type InKindNames<K extends DealKind, T> = K extends DealKind
  ? { [P in keyof T as P extends CommonName ? NamesOf<K>[P] : P]: T[P] }
  : never;

const commonNames = Object.fromEntries(
  dealKinds.map((kind) => [
    kind,
    new Map<string, string>(Object.entries(dealVocabulary[kind].names).map(([common, own]) => [own, common])),
  ]),
) as Record<DealKind, Map<string, string>>;

/** The common name of one of the kind's field names ('soldByEmployeeId' -> 'employeeId'); other names stay. */
export const commonNameOf = (kind: DealKind, name: string) => commonNames[kind].get(name) ?? name;

/** The kind's own name of a common name ('employeeId' -> 'soldByEmployeeId' for a sale); other names stay. */
export const kindNameOf = (kind: DealKind, name: string): string =>
  (dealVocabulary[kind].names as Record<string, string>)[name] ?? name;

// The two renamings are the only place where an object changes its field names, hence the only casts.

export function inCommonNames<T extends object>(kind: DealKind, value: T): InCommonNames<T> {
  return Object.fromEntries(
    Object.entries(value).map(([name, field]) => [commonNameOf(kind, name), field]),
  ) as InCommonNames<T>;
}

export function inKindNames<K extends DealKind, T extends object>(kind: K, value: T): InKindNames<K, T> {
  return Object.fromEntries(
    Object.entries(value).map(([name, field]) => [kindNameOf(kind, name), field]),
  ) as InKindNames<K, T>;
}
