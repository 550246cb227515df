import type { DealKind, Purchase, Sale, TeamMember } from '@addesk/contract';
import { vi } from 'vitest';
import { statuses } from './deal-api';
import {
  channel,
  countedPage,
  demoUser,
  type FakeHandler,
  installFakeApi,
  type RecordedRequest,
} from './fake-api';

// A team for the tests of /sales and /purchases: two channels, three people, the statuses of decisions D3, and deals
// built by `deal(kind, ...)` in the shape of the contract (a sale names its counterpart externalChannelInfo, a
// purchase externalChannel, and so on).

export const news = channel(5, 'Новости Москвы', 'https://cdn.example/news.jpg');
export const crypto = channel(6, 'Крипта');

const member = (id: number, firstName: string, secondName: string) =>
  ({ id, employeeId: id, firstName, secondName, iconLink: null, channels: [] }) satisfies TeamMember;
export const team = [
  member(demoUser.id, demoUser.firstName, demoUser.secondName),
  member(21, 'Олег', 'Орлов'),
  member(22, 'Анна', 'Белова'),
];

export type DealOverrides = {
  price?: number;
  status?: { id: number; name: string };
  accommodationTime?: string;
  /** A purchase's figures through its invite link (none by default: no link). */
  subscribers?: number | null;
  costPerSubscriber?: number | null;
  /** The post's link and the cost of a thousand of its views (none by default). */
  postLink?: string | null;
  cpm?: number | null;
  channelInfo?: { id: number; name: string; iconLink: string | null };
  contactPerson?: {
    id: number;
    name: string;
    iconLink: string | null;
    profileLink: string | null;
    externalUserId: number | null;
  } | null;
  cancelled?: boolean;
  external?: {
    id: number;
    name: string;
    iconLink: string | null;
    channelLink: string | null;
    externalChannelId: number | null;
  } | null;
};

/** A deal as GET /api/{kind}/filter answers it. */
export function deal(kind: DealKind, id: number, overrides: DealOverrides = {}) {
  const status = overrides.status ?? (statuses[kind][1] as { id: number; name: string });
  const common = {
    id,
    price: overrides.price ?? 12_500,
    statusId: status.id,
    status,
    accommodationCondition: {
      accommodationTime: overrides.accommodationTime ?? '2026-03-05T11:30:00.000Z',
      duration: null,
      durationType: 'INFINITY' as const,
      hoursInTop: 0,
    },
    advertisementFormat: { id: 1, name: 'Пост' },
    paymentDueDate: null,
    paidAmount: 0,
    paymentState: 'UNPAID' as const,
    cancelled: overrides.cancelled ?? false,
    contactPerson:
      overrides.contactPerson === undefined
        ? { id: 9, name: 'Ирина Волкова', iconLink: null, profileLink: null, externalUserId: null }
        : overrides.contactPerson,
    channelInfo: overrides.channelInfo ?? { id: news.id, name: news.name, iconLink: news.iconLink },
    version: 1,
    postLink: overrides.postLink ?? null,
    cpm: overrides.cpm ?? null,
  };
  const external =
    overrides.external === undefined
      ? {
          id: 4,
          name: 'Маркетинг без воды',
          iconLink: null,
          channelLink: 'https://t.me/marketing_no_water',
          externalChannelId: null,
        }
      : overrides.external;
  const employee = { id: demoUser.id, firstName: 'Анна', secondName: 'Смирнова', iconLink: null };
  return kind === 'sale'
    ? ({
        ...common,
        saleDate: '2026-03-04',
        advertisementType: { id: 1, name: 'Прямая реклама' },
        externalChannelInfo: external,
        soldByEmployeeInfo: employee,
      } satisfies Sale)
    : ({
        ...common,
        purchaseDate: '2026-03-04',
        externalChannel: external,
        purchasedByEmployeeInfo: employee,
        subscribers: overrides.subscribers ?? null,
        costPerSubscriber: overrides.costPerSubscriber ?? null,
      } satisfies Purchase);
}

export type DealPage = { items: unknown[]; nextCursor: string | null };

/**
 * The fake server of a list screen. `pages` answers the filter call: by default one page of `items`; a function
 * gets the request (its query holds the filters and the cursor).
 */
export function dealListApi(
  kind: DealKind,
  options: {
    items?: unknown[];
    pages?: (request: RecordedRequest) => FakeHandler;
    overrides?: Record<string, FakeHandler>;
  } = {},
) {
  const filter: FakeHandler =
    options.pages !== undefined
      ? (request) => {
          const answer = options.pages?.(request) ?? {};
          return typeof answer === 'function' ? answer(request) : answer;
        }
      : { body: { items: options.items ?? [deal(kind, 1)], nextCursor: null } };
  return installFakeApi({
    'GET /api/employee': { body: demoUser },
    [`GET /api/${kind}/filter`]: filter,
    [`GET /api/${kind}/statuses`]: { body: statuses[kind] },
    'GET /api/channel': { body: countedPage([news, crypto]) },
    'GET /api/employee/all': { body: countedPage(team) },
    'GET /api/calendar': { body: [] },
    ...options.overrides,
  });
}

/** The filter calls made so far, as their query strings without limit and cursor. */
export function filterCalls(requests: RecordedRequest[], kind: DealKind): string[] {
  return requests
    .filter((r) => r.path === `/api/${kind}/filter`)
    .map((r) => {
      const query = new URLSearchParams(r.query);
      query.delete('limit');
      query.delete('cursor');
      return query.toString();
    });
}

/**
 * IntersectionObserver for jsdom (which has none): every observer is kept, and `intersect()` tells them all that
 * their targets came into view.
 */
export function installIntersectionObserver() {
  const observers = new Set<{ callback: IntersectionObserverCallback; targets: Element[] }>();
  class FakeIntersectionObserver {
    private readonly entry: { callback: IntersectionObserverCallback; targets: Element[] };
    readonly root = null;
    readonly rootMargin = '';
    readonly thresholds = [0];
    constructor(callback: IntersectionObserverCallback) {
      this.entry = { callback, targets: [] };
      observers.add(this.entry);
    }
    observe(target: Element) {
      this.entry.targets.push(target);
    }
    unobserve() {}
    disconnect() {
      observers.delete(this.entry);
    }
    takeRecords() {
      return [];
    }
  }
  vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
  return {
    get count() {
      return observers.size;
    },
    intersect() {
      for (const observer of [...observers]) {
        const entries = observer.targets.map(
          (target) => ({ isIntersecting: true, target }) as unknown as IntersectionObserverEntry,
        );
        observer.callback(entries, observer as unknown as IntersectionObserver);
      }
    },
  };
}
