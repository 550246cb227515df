import type { DealKind } from '@addesk/contract';

// Every query key of the app, in one place (bulletproof-react): a feature reads its own calls' keys here, and what a
// write makes stale (./stale.ts) names the keys of every area it touches without importing another feature. Each area
// has one prefix ('deals', 'channels', ...): invalidating the prefix refreshes every screen showing that area.

/** What a call was asked with (its filters, its page size): part of the key, so each answer is cached apart. */
type Query = Readonly<Record<string, unknown>>;

/**
 * Who is signed in, and the ways to sign in. The query client itself clears the current user on a 401
 * (./query-client.ts).
 */
export const authQueryKeys = {
  currentUser: ['auth', 'current-user'] as const,
  providers: ['auth', 'providers'] as const,
};

/**
 * Every deal query lives under ['deals', kind]: the lists and their totals, each deal with what hangs under it (its
 * payments, history and attribution go stale with it), and the saved counterparts (a new deal may have saved one).
 */
export const dealsQueryKeys = {
  all: ['deals'] as const,
  lists: (kind: DealKind) => ['deals', kind, 'list'] as const,
  list: (kind: DealKind, query: Query) => ['deals', kind, 'list', query] as const,
  /** The bin: a list too, so whatever refreshes the lists (a delete, a restore) refreshes it. */
  deleted: (kind: DealKind) => ['deals', kind, 'list', 'deleted'] as const,
  statuses: (kind: DealKind) => ['deals', kind, 'statuses'] as const,
  summaries: (kind: DealKind) => ['deals', kind, 'summary'] as const,
  summary: (kind: DealKind, query: Query) => ['deals', kind, 'summary', query] as const,
  details: (kind: DealKind) => ['deals', kind, 'detail'] as const,
  detail: (kind: DealKind, id: number) => ['deals', kind, 'detail', id] as const,
  history: (kind: DealKind, id: number) => ['deals', kind, 'detail', id, 'history'] as const,
  payments: (kind: DealKind, id: number) => ['deals', kind, 'detail', id, 'payments'] as const,
  attribution: (id: number) => ['deals', 'purchase', 'detail', id, 'attribution'] as const,
  counterparts: (kind: DealKind, list: string, q: string) =>
    ['deals', kind, 'counterparts', list, { q }] as const,
};

/**
 * Every client query lives under ['clients']: a client's figures are their deals', so any deal write makes them stale
 * (./stale.ts), and a merge refreshes the list and both cards.
 */
export const clientsQueryKeys = {
  all: ['clients'] as const,
  list: (q: string | undefined) => ['clients', 'list', { q }] as const,
  detail: (id: number) => ['clients', 'detail', id] as const,
};

/** Reference lists (seeded by migrations, the same for every team): never stale while the app is open. */
export const referenceQueryKeys = {
  roles: ['reference', 'channel-roles'] as const,
  salaryTypes: (roleId: number) => ['reference', 'salary-types', { roleId }] as const,
  paymentMethodTypes: ['reference', 'payment-method-types'] as const,
  advertisementFormats: (kind: DealKind) => ['reference', kind, 'advertisement-formats'] as const,
  advertisementTypes: ['reference', 'sale', 'advertisement-types'] as const,
};

/**
 * Every channel query lives under ['channels']: adding or deleting a channel invalidates the lists, so the dashboard
 * card, the list and the channel screens all show the change.
 */
export const channelsQueryKeys = {
  all: ['channels'] as const,
  lists: () => ['channels', 'list'] as const,
  list: (query: Query) => ['channels', 'list', query] as const,
  pages: (limit: number, archived = false) => ['channels', 'list', 'pages', { limit, archived }] as const,
  detail: (id: number) => ['channels', 'detail', id] as const,
  employees: (id: number) => ['channels', 'detail', id, 'employees'] as const,
  subscribers: (id: number) => ['channels', 'detail', id, 'subscribers'] as const,
  prices: (id: number) => ['channels', 'detail', id, 'prices'] as const,
};

/**
 * Every employee query lives under ['employees']: adding someone to a channel, taking them off one or changing their
 * requisites invalidates that prefix, so the team list, the employee page and the dashboard card all show the change.
 */
export const employeesQueryKeys = {
  all: ['employees'] as const,
  team: () => ['employees', 'team'] as const,
  teamPages: (limit: number) => ['employees', 'team', 'pages', { limit }] as const,
  detail: (id: number) => ['employees', 'detail', id] as const,
  assignments: (id: number) => ['employees', 'detail', id, 'assignments'] as const,
  paymentMethods: (id: number) => ['employees', 'detail', id, 'payment-methods'] as const,
  subordinates: (id: number, query: Query) => ['employees', 'detail', id, 'subordinates', query] as const,
};

/** Every finance query (the screen, the dashboard's tile, the channel's card) lives under ['finance']. */
export const financeQueryKeys = {
  all: ['finance'] as const,
  summary: (query: Query) => ['finance', 'summary', query] as const,
  debts: (channelId: number | undefined) => ['finance', 'debts', { channelId }] as const,
};

/** GET /api/calendar (the period picker's day marks, the schedule's month) lives under ['calendar']. */
export const calendarQueryKeys = {
  all: ['calendar'] as const,
  range: (from: string, to: string) => ['calendar', { from, to }] as const,
};

/** The placement schedule: the agenda, the month's days and a sale's slot conflicts. */
export const scheduleQueryKeys = {
  all: ['schedule'] as const,
  list: (query: Query) => ['schedule', 'list', query] as const,
  days: (query: Query) => ['schedule', 'days', query] as const,
  conflicts: (query: Query) => ['schedule', 'conflicts', query] as const,
};

/** The team's pay: a period's, and one person's with the deals behind it. */
export const payrollQueryKeys = {
  all: ['payroll'] as const,
  period: (period: Query) => ['payroll', 'period', period] as const,
  person: (employeeId: number, period: Query) => ['payroll', 'person', employeeId, period] as const,
};

/** A person's sign-in state and invitation, and the signed-in person's teams. */
export const membersQueryKeys = {
  all: ['members'] as const,
  membership: (employeeId: number) => ['members', 'membership', employeeId] as const,
  teams: () => ['members', 'teams'] as const,
  invitation: (token: string) => ['members', 'invitation', token] as const,
};

/** The signed-in person's settings (the calendar feed's address among them). */
export const profileQueryKeys = {
  settings: ['profile', 'settings'] as const,
  accounts: ['profile', 'accounts'] as const,
};

export const tariffsQueryKeys = {
  all: ['tariffs'] as const,
  catalogue: () => ['tariffs', 'catalogue'] as const,
  current: () => ['tariffs', 'current'] as const,
};

/** What Telegram knows: the bot, and a channel or a person behind a username (in any letter case). */
export const telegramQueryKeys = {
  bot: ['telegram', 'bot'] as const,
  channelInfo: (username: string) => ['telegram', 'channel-info', username.toLowerCase()] as const,
  user: (username: string) => ['telegram', 'user', username.toLowerCase()] as const,
};

export const referralQueryKey = ['referral'] as const;

export const supportQueryKey = ['support'] as const;
