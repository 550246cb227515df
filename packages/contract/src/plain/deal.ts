// The words of sales and purchases: their kinds, the names each gives its fields, the enumerations and their Russian
// names.

/** Sales and purchases are one kind of thing, a deal on a placement, seen from two sides. */
export const dealKinds = ['sale', 'purchase'] as const;
export type DealKind = (typeof dealKinds)[number];

/** The names each side gives the same fields in the API of spec §3/§7. */
export const dealFields = {
  sale: {
    path: 'sale',
    date: 'saleDate',
    dateCondition: 'saleDateCondition',
    external: 'externalChannelInfo',
    employee: 'soldByEmployeeInfo',
    employeeId: 'soldByEmployeeId',
    by: 'soldBy',
  },
  purchase: {
    path: 'purchase',
    date: 'purchaseDate',
    dateCondition: 'purchaseDateCondition',
    external: 'externalChannel',
    employee: 'purchasedByEmployeeInfo',
    employeeId: 'purchasedByEmployeeId',
    by: 'purchasedBy',
  },
} as const;

export const durationTypes = ['INFINITY', 'DAYS', 'HOURS'] as const;
export type DurationType = (typeof durationTypes)[number];
export const durationTypeNames: Record<DurationType, string> = {
  INFINITY: 'Без удаления',
  DAYS: 'Дни',
  HOURS: 'Часы',
};

export const MAX_PRICE = 1_000_000_000;

export const calendarTypes = ['SALE', 'PURCHASE', 'SUBSCRIPTION_EXPIRED'] as const;
export type CalendarType = (typeof calendarTypes)[number];
export const calendarTypeNames: Record<CalendarType, string> = {
  SALE: 'Продажа',
  PURCHASE: 'Закупка',
  SUBSCRIPTION_EXPIRED: 'Окончание тарифа',
};

export const DEAL_NOT_FOUND = { sale: 'Продажа не найдена', purchase: 'Закупка не найдена' } as const;
