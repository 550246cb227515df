import type {
  ChannelInfo,
  Contact,
  CurrentUser,
  DealKind,
  DealMarking,
  ExternalChannel,
  Post,
  ReferenceItem,
  TeamMember,
} from '@addesk/contract';
import { channel, countedPage, demoUser, type FakeHandler, installFakeApi } from './fake-api';

// A team for the deal form's tests: the signed-in master (demoUser, id 7), one more employee, two channels, the
// reference lists of decisions D3, and one saved counterpart of each sort.

export const finance = { ...channel(1, 'Финансы для всех'), telegramNickName: 'finance_for_all' };
export const design = { ...channel(2, 'Дизайн каждый день'), telegramNickName: 'design_every_day' };

const member = (id: number, firstName: string, secondName: string) =>
  ({ id, employeeId: id, firstName, secondName, iconLink: null, channels: [] }) satisfies TeamMember;
export const me = member(demoUser.id, demoUser.firstName, demoUser.secondName);
export const oleg = member(12, 'Олег', 'Орлов');

export const formats = [
  { id: 1, name: 'Пост' },
  { id: 2, name: 'Репост' },
  { id: 3, name: 'Закреп' },
] satisfies ReferenceItem[];
export const types = [
  { id: 1, name: 'Прямая реклама' },
  { id: 2, name: 'Нативная реклама' },
] satisfies ReferenceItem[];
export const statuses = {
  sale: [
    { id: 1, name: 'Новая' },
    { id: 2, name: 'Согласована' },
    { id: 4, name: 'Оплачена' },
  ],
  purchase: [
    { id: 11, name: 'Новая' },
    { id: 12, name: 'Согласована' },
    { id: 13, name: 'Оплачена' },
  ],
} as const;

export const savedChannel = {
  id: 4,
  externalChannelId: -1001001,
  name: 'Маркетинг без воды',
  iconLink: null,
  channelLink: 'https://t.me/marketing_no_water',
} satisfies ExternalChannel;
export const savedContact = {
  id: 9,
  externalUserId: 501,
  name: 'Ирина Волкова',
  iconLink: null,
  profileLink: 'https://t.me/irina_volkova',
} satisfies Contact;

export const foundChannel = {
  userId: -1001002,
  name: 'Финансы для всех',
  imageLink: 'https://cdn4.cdn-telegram.org/file/finance_for_all.jpg',
  telegramNickName: 'finance_for_all',
} satisfies ChannelInfo;
export const foundUser = {
  userId: 502,
  name: 'Павел Морозов',
  imageLink: 'https://t.me/i/userpic/320/pavel_morozov.jpg',
  telegramNickName: 'pavel_morozov',
} satisfies ChannelInfo;

/** Field names of a kind (as `dealFields` in the contract, written out so the tests check them). */
export const names = {
  sale: { date: 'saleDate', external: 'externalChannelInfo', employee: 'soldByEmployeeInfo' },
  purchase: { date: 'purchaseDate', external: 'externalChannel', employee: 'purchasedByEmployeeInfo' },
} as const;

/**
 * A deal as the server answers it: placed 05.03.2025 at 14:30 Moscow time (11:30 UTC) for 2 days with 3 hours in
 * top, 12 500 руб, 'Согласована'.
 */
export function dealFixture(kind: DealKind, overrides: Record<string, unknown> = {}) {
  const status: { id: number; name: string } = statuses[kind][1];
  return {
    id: 5,
    price: 12500,
    statusId: status.id,
    status,
    accommodationCondition: {
      accommodationTime: '2025-03-05T11:30:00.000Z',
      duration: 2,
      durationType: 'DAYS',
      hoursInTop: 3,
    },
    advertisementFormat: formats[0],
    contactPerson: savedContact,
    channelInfo: { id: finance.id, name: finance.name, iconLink: null },
    version: 2,
    postLink: null,
    cpm: null,
    [names[kind].date]: '2025-03-01',
    [names[kind].external]: savedChannel,
    [names[kind].employee]: { id: me.id, firstName: me.firstName, secondName: me.secondName, iconLink: null },
    ...(kind === 'sale' ? { advertisementType: types[1] } : {}),
    ...overrides,
  };
}

/** The post of a deal without a link, as GET /api/{kind}/{id}/post answers it: nothing known. */
export const noPost: Post = {
  link: null,
  publishedAt: null,
  views: [],
  views24h: null,
  views48h: null,
  topHours: 3,
  topUntil: null,
  topKept: null,
  displacedAt: null,
  feedUntil: null,
  feedKept: null,
  deletedAt: null,
  editedAt: null,
  checkedAt: null,
  text: null,
  cpm: null,
  costPerSubscriber: null,
  foundByBot: false,
  nextCheckAt: null,
  reportShared: false,
};

/** The marking of a deal nobody filled, as GET /api/{kind}/{id}/marking answers it. */
export const noMarking: DealMarking = {
  registeredBy: null,
  reason: null,
  erid: null,
  advertiser: { type: null, name: null, inn: null },
  seller: { type: null, name: null, inn: null },
  contract: { number: null, date: null, type: null, subject: null, amount: null, vatIncluded: false },
  creative: { form: null, text: null, urls: [], kktu: null },
  state: 'no_data',
  missing: [],
  marker: null,
  links: [],
  erirStatus: null,
  registration: null,
};

const notFound = (message: string) => ({ status: 404, body: { code: 'NOT_FOUND', message } });

/** A PATCH as the fake server applies it: the price and the status (what the tests change), and a new version. */
function applyPatch(kind: DealKind, deal: ReturnType<typeof dealFixture>, body: Record<string, unknown>) {
  const status: { id: number; name: string } =
    statuses[kind].find((s) => s.id === body.statusId) ?? deal.status;
  return {
    ...deal,
    price: typeof body.price === 'number' ? body.price : deal.price,
    statusId: status.id,
    status,
    version: Number(deal.version) + 1,
  };
}

/**
 * The calls the deal screens make, each replaceable by `overrides`. Deal 5 lives in `store.deal`: GET answers it,
 * PATCH changes it (price, status) and bumps its version, as the server would.
 */
export function dealApi(kind: DealKind, overrides: Record<string, FakeHandler> = {}) {
  const store = { deal: dealFixture(kind) };
  const api = installFakeApi({
    'GET /api/employee': { body: demoUser },
    'GET /api/channel': { body: countedPage([finance, design]) },
    'GET /api/employee/all': { body: countedPage([me, oleg]) },
    [`GET /api/${kind}/advertisementFormats`]: { body: formats },
    'GET /api/sale/advertisementTypes': { body: types },
    [`GET /api/${kind}/statuses`]: { body: statuses[kind] },
    [`GET /api/${kind}/externalChannels`]: (request) => ({
      body: {
        items: savedChannel.name.toLowerCase().includes((request.query.get('q') ?? '').toLowerCase())
          ? [savedChannel]
          : [],
        nextCursor: null,
      },
    }),
    [`GET /api/${kind}/contacts`]: (request) => ({
      body: {
        items: savedContact.name.toLowerCase().includes((request.query.get('q') ?? '').toLowerCase())
          ? [savedContact]
          : [],
        nextCursor: null,
      },
    }),
    'GET /api/telegram/channel-info': (request) =>
      request.query.get('channelNick') === foundChannel.telegramNickName
        ? { body: foundChannel }
        : notFound('Канал не найден'),
    'GET /api/employee/searchInTelegram': (request) =>
      request.query.get('userName') === foundUser.telegramNickName
        ? { body: foundUser }
        : notFound('Пользователь не найден'),
    [`POST /api/${kind}`]: { status: 201, body: dealFixture(kind, { id: 42, version: 1 }) },
    [`GET /api/${kind}/5`]: () => ({ body: store.deal }),
    [`GET /api/${kind}/5/post`]: { body: noPost },
    [`GET /api/${kind}/5/marking`]: { body: noMarking },
    [`PATCH /api/${kind}/5`]: (request) => {
      const body = request.body as Record<string, unknown>;
      if (body.version !== store.deal.version) {
        return {
          status: 409,
          body: {
            code: 'VERSION_CONFLICT',
            message: 'Запись уже изменил кто-то другой. Загружена свежая версия',
          },
        };
      }
      store.deal = applyPatch(kind, store.deal, body);
      return { body: store.deal };
    },
    ...overrides,
  });
  return { ...api, store };
}

/** A manager who records sales on channel 'Финансы для всех' and may only look at a colleague's (decision 024). */
export const salesManager = {
  ...demoUser,
  isOwner: false,
  permissions: {
    finance: false,
    people: false,
    owner: false,
    sale: { see: true, createOn: [finance.id], manageOn: [] },
    purchase: { see: false, createOn: [], manageOn: [] },
    schedule: true,
  },
} satisfies CurrentUser;
