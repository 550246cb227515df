import {
  authProvidersSchema,
  channelSchema,
  countedPage,
  currentUserSchema,
  employeeSummarySchema,
  errorBodySchema,
  page as pageSchema,
  purchaseSchema,
  referenceItemSchema,
  saleSchema,
  teamMemberSchema,
  z,
} from '@addesk/contract';
import { describe, expect, it } from 'vitest';
import { deal, team } from '../../test/deal-list-api';
import { channel, demoUser, employee, countedPage as page } from '../../test/fake-api';
import {
  type Guard,
  isAuthProviders,
  isChannelPage,
  isCurrentUser,
  isDeal,
  isDealPage,
  isEmployeeSummaryPage,
  isErrorBody,
  isReferenceItems,
  isTeamMemberPage,
} from './guards';

/** A value of every JSON kind, plus the odd ones a schema may refuse (a fraction, an unknown enum value). */
const others: unknown[] = [null, 0, 1.5, '', 'UNKNOWN_CODE', true, [], {}];

/** The sample, and the sample with each field or item, at any depth, left out or replaced by each of `others`. */
function variants(sample: unknown): unknown[] {
  const found = [...others];
  if (Array.isArray(sample)) {
    sample.forEach((item, index) => {
      found.push(sample.filter((_, i) => i !== index));
      for (const other of variants(item)) found.push(sample.map((x, i) => (i === index ? other : x)));
    });
  } else if (typeof sample === 'object' && sample !== null) {
    for (const [key, value] of Object.entries(sample)) {
      found.push(Object.fromEntries(Object.entries(sample).filter(([k]) => k !== key)));
      for (const other of variants(value)) found.push({ ...sample, [key]: other });
    }
  }
  return found;
}

const cases: [string, Guard<unknown>, z.ZodType, unknown][] = [
  [
    'error body',
    isErrorBody,
    errorBodySchema,
    { code: 'VALIDATION_ERROR', message: 'Проверьте данные', fieldErrors: { name: ['Пусто'] } },
  ],
  ['current user', isCurrentUser, currentUserSchema, demoUser],
  ['sign-in options', isAuthProviders, authProvidersSchema, { google: true, yandex: false, demo: true }],
  [
    'page of channels',
    isChannelPage,
    countedPage(channelSchema),
    page([channel(1, 'Новости', 'https://t.me/i/1.jpg'), channel(2, 'Спорт')], 5),
  ],
  [
    'page of employees',
    isEmployeeSummaryPage,
    countedPage(employeeSummarySchema),
    page([employee(2, 'Иван', 'Петров')]),
  ],
  [
    'statuses',
    isReferenceItems,
    z.array(referenceItemSchema),
    [
      { id: 1, name: 'Новая' },
      { id: 2, name: 'Оплачена' },
    ],
  ],
  [
    'page of the team',
    isTeamMemberPage,
    countedPage(teamMemberSchema),
    page([{ ...team[1], channels: [{ id: 5, name: 'Новости', iconLink: null }] }]),
  ],
  ['sale', isDeal.sale, saleSchema, deal('sale', 1, { price: 12_500.5 })],
  ['purchase', isDeal.purchase, purchaseSchema, deal('purchase', 2)],
  [
    'page of sales',
    isDealPage.sale,
    pageSchema(saleSchema),
    { items: [deal('sale', 1), deal('sale', 2, { contactPerson: null, external: null })], nextCursor: 'c2' },
  ],
  [
    'page of purchases',
    isDealPage.purchase,
    pageSchema(purchaseSchema),
    { items: [deal('purchase', 3)], nextCursor: null },
  ],
];

describe('guards', () => {
  it.each(cases)('%s: the guard gives the verdict of the contract schema', (_, guard, schema, sample) => {
    expect(guard(sample)).toBe(true);
    for (const variant of variants(sample)) {
      expect(guard(variant), JSON.stringify(variant)).toBe(schema.safeParse(variant).success);
    }
  });
});
