import {
  type AuthProviders,
  type Channel,
  type Contact,
  type CurrentUser,
  type DealKind,
  durationTypes,
  type EmployeeSummary,
  type ErrorBody,
  type ExternalChannel,
  errorCodes,
  type Purchase,
  type ReferenceItem,
  type Sale,
  type TeamMember,
} from '@addesk/contract';

/**
 * Plain checks, without zod, of the answers a first screen waits for: who is signed in (every screen), the sign-in
 * options (/auth), the channel and team lists (the dashboard's previews, the deal lists' filters), the deals and
 * their reference lists (statuses, formats, types, roles), and error bodies. Parsing them with their contract
 * schemas would put zod (about 30 KB gzipped) in front of every first paint; every other answer is still parsed
 * with its schema (./schemas.ts).
 *
 * Each check names the fields of the contract's type, so a field added to or removed from the contract fails the
 * typecheck here, and guards.test.ts holds every check to the verdicts of its zod schema. Unlike zod, a check keeps
 * unknown keys; the server never sends any (its serializer writes only the schema's fields).
 */
export type Guard<T> = (value: unknown) => value is T;

const isString: Guard<string> = (value) => typeof value === 'string';
const isNumber: Guard<number> = (value): value is number => Number.isFinite(value);
const isBoolean: Guard<boolean> = (value) => typeof value === 'boolean';
const isInt: Guard<number> = (value): value is number => Number.isInteger(value);

const nullable =
  <T>(guard: Guard<T>): Guard<T | null> =>
  (value): value is T | null =>
    value === null || guard(value);

const optional =
  <T>(guard: Guard<T>): Guard<T | undefined> =>
  (value): value is T | undefined =>
    value === undefined || guard(value);

const arrayOf =
  <T>(guard: Guard<T>): Guard<T[]> =>
  (value): value is T[] =>
    Array.isArray(value) && value.every(guard);

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const recordOf =
  <T>(guard: Guard<T>): Guard<Record<string, T>> =>
  (value): value is Record<string, T> =>
    isRecord(value) && Object.values(value).every(guard);

const oneOf =
  <T extends string>(values: readonly T[]): Guard<T> =>
  (value): value is T =>
    (values as readonly unknown[]).includes(value);

/** An object with every field of T, each passing its check. */
function object<T>(fields: { [K in keyof T]-?: Guard<T[K]> }): Guard<T> {
  const checks = Object.entries<Guard<unknown>>(fields);
  return (value): value is T => isRecord(value) && checks.every(([key, guard]) => guard(value[key]));
}

export const isErrorBody = object<ErrorBody>({
  code: oneOf(errorCodes),
  message: isString,
  fieldErrors: optional(recordOf(arrayOf(isString))),
});

export const isCurrentUser = object<CurrentUser>({
  id: isInt,
  firstName: isString,
  secondName: isString,
  iconLink: nullable(isString),
  version: isInt,
});

export const isAuthProviders = object<AuthProviders>({
  google: isBoolean,
  yandex: isBoolean,
  demo: isBoolean,
});

/** The contract's `page(item)`: one page of a list and the cursor of the next. */
export type Page<T> = { items: T[]; nextCursor: string | null };
/** The contract's `countedPage(item)`: a page of a short team list with the list's total. */
export type CountedPage<T> = Page<T> & { total: number };

const pageOf = <T>(item: Guard<T>) =>
  object<Page<T>>({ items: arrayOf(item), nextCursor: nullable(isString) });
const countedPageOf = <T>(item: Guard<T>) =>
  object<CountedPage<T>>({ items: arrayOf(item), nextCursor: nullable(isString), total: isInt });

const isReferenceItem = object<ReferenceItem>({ id: isInt, name: isString });
/** A reference list: statuses, advertisement formats and types, roles, salary and payment method types. */
export const isReferenceItems = arrayOf(isReferenceItem);

export const isChannelPage = countedPageOf(
  object<Channel>({
    id: isInt,
    name: isString,
    iconLink: nullable(isString),
    botAdminRights: isBoolean,
    description: isString,
    ownerEmployeeId: isInt,
    telegramNickName: isString,
  }),
);

export const isEmployeeSummaryPage = countedPageOf(
  object<EmployeeSummary>({
    id: isInt,
    employeeId: isInt,
    firstName: isString,
    secondName: isString,
    iconLink: nullable(isString),
  }),
);

export const isTeamMemberPage = countedPageOf(
  object<TeamMember>({
    id: isInt,
    employeeId: isInt,
    firstName: isString,
    secondName: isString,
    iconLink: nullable(isString),
    channels: arrayOf(
      object<TeamMember['channels'][number]>({ id: isInt, name: isString, iconLink: nullable(isString) }),
    ),
  }),
);

const isExternalChannel = object<ExternalChannel>({
  id: isInt,
  externalChannelId: nullable(isNumber),
  name: isString,
  iconLink: nullable(isString),
  channelLink: nullable(isString),
});

const isEmployeeInfo = nullable(
  object<NonNullable<Sale['soldByEmployeeInfo']>>({
    id: isInt,
    firstName: isString,
    secondName: isString,
    iconLink: nullable(isString),
  }),
);

/** What a sale and a purchase share (the contract's `commonDeal`). */
const sharedDealGuards = {
  id: isInt,
  price: isNumber,
  statusId: isInt,
  status: isReferenceItem,
  accommodationCondition: object<Sale['accommodationCondition']>({
    accommodationTime: isString,
    duration: nullable(isNumber),
    durationType: oneOf(durationTypes),
    hoursInTop: isInt,
  }),
  advertisementFormat: nullable(isReferenceItem),
  contactPerson: nullable(
    object<Contact>({
      id: isInt,
      externalUserId: nullable(isNumber),
      name: isString,
      iconLink: nullable(isString),
      profileLink: nullable(isString),
    }),
  ),
  channelInfo: object<Sale['channelInfo']>({ id: isInt, name: isString, iconLink: nullable(isString) }),
  version: isInt,
};

const isSale = object<Sale>({
  ...sharedDealGuards,
  saleDate: isString,
  advertisementType: nullable(isReferenceItem),
  externalChannelInfo: nullable(isExternalChannel),
  soldByEmployeeInfo: isEmployeeInfo,
});

const isPurchase = object<Purchase>({
  ...sharedDealGuards,
  purchaseDate: isString,
  externalChannel: nullable(isExternalChannel),
  purchasedByEmployeeInfo: isEmployeeInfo,
});

/** A deal of each kind, and a page of them. */
export const isDeal: Record<DealKind, Guard<Sale | Purchase>> = { sale: isSale, purchase: isPurchase };
export const isDealPage: Record<DealKind, Guard<Page<Sale | Purchase>>> = {
  sale: pageOf(isSale),
  purchase: pageOf(isPurchase),
};
