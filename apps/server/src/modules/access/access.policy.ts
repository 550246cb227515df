import { AppError } from '../../lib/app-error.js';
import type { Access } from './access.js';

/**
 * Who may call an operation at all (docs/decisions/024). `member`: anyone of the team; what they get is cut to what
 * they may see by the service (a record they may not see answers 404, an action on a visible record their role does
 * not allow answers 403). `staff`: the owner and administrators of a channel (for their channels). `owner`: the owner
 * alone. Every route in the team's scope has its line here; a route without one stops the server at start.
 */
export type Rule = 'member' | 'staff' | 'owner';

const deals = (path: string): Record<string, Rule> => ({
  [`POST /api/${path}`]: 'member',
  [`GET /api/${path}`]: 'member',
  [`GET /api/${path}/filter`]: 'member',
  [`GET /api/${path}/summary`]: 'member',
  [`GET /api/${path}/export`]: 'member',
  [`GET /api/${path}/:id`]: 'member',
  [`PATCH /api/${path}/:id`]: 'member',
  [`DELETE /api/${path}/:id`]: 'member',
  [`POST /api/${path}/:id/restore`]: 'member',
  [`GET /api/${path}/deleted`]: 'member',
  [`PATCH /api/${path}/bulk`]: 'member',
  [`POST /api/${path}/bulk/payments`]: 'member',
  [`GET /api/${path}/:id/history`]: 'member',
  [`GET /api/${path}/:id/payments`]: 'member',
  [`POST /api/${path}/:id/payments`]: 'member',
  [`DELETE /api/${path}/:id/payments/:paymentId`]: 'member',
  [`GET /api/${path}/statuses`]: 'member',
  [`GET /api/${path}/advertisementFormats`]: 'member',
  [`GET /api/${path}/externalChannels`]: 'member',
  [`GET /api/${path}/contacts`]: 'member',
  // The post: anyone who sees the deal reads it and may ask for a reading; the report link follows the deal's changes.
  [`GET /api/${path}/:id/post`]: 'member',
  [`POST /api/${path}/:id/post/refresh`]: 'member',
  [`POST /api/${path}/:id/report-link`]: 'member',
  [`DELETE /api/${path}/:id/report-link`]: 'member',
  // Marking: read by whoever sees the deal, filled by whoever may change it.
  [`GET /api/${path}/:id/marking`]: 'member',
  [`PUT /api/${path}/:id/marking`]: 'member',
  [`POST /api/${path}/:id/marking/register`]: 'member',
  [`PUT /api/${path}/:id/marking/views`]: 'member',
});

export const policy: Record<string, Rule> = {
  ...deals('sale'),
  ...deals('purchase'),
  'GET /api/sale/advertisementTypes': 'member',
  'GET /api/sale/conflicts': 'member',
  'GET /api/sale/:id/post/candidates': 'member',
  'GET /api/purchase/:id/attribution': 'member',
  'POST /api/purchase/:id/invite-link': 'member',
  'GET /api/purchase/:id/subscribers.csv': 'member',
  // Clients follow the deals: a member sees the contacts of the deals they see, with those deals' money only, and a
  // contact none of whose deals they see answers 404. Merging rewrites deals on every channel, seen or not: the owner.
  'GET /api/clients': 'member',
  'GET /api/clients/:id': 'member',
  'POST /api/clients/:id/merge': 'owner',
  // An import is made as its author, each row checked as their own deal would be; the owner sees every import.
  'POST /api/import': 'member',
  'GET /api/import': 'member',
  'GET /api/import/:id': 'member',
  'PUT /api/import/:id': 'member',
  'GET /api/import/:id/rows': 'member',
  'POST /api/import/:id/commit': 'member',
  'DELETE /api/import/:id': 'member',

  'GET /api/employee': 'member',
  'GET /api/employee/all': 'member',
  'POST /api/employee': 'staff',
  // The Telegram lookups fill a deal's counterpart and contact too: anyone who records deals uses them.
  'GET /api/employee/searchInTelegram': 'member',
  'GET /api/employee/:id': 'member',
  'PATCH /api/employee/:id': 'member',
  'DELETE /api/employee/:id': 'member',
  'GET /api/employee/:id/subordinates': 'member',
  'GET /api/employee/:id/assignedChannels': 'member',
  'POST /api/employee/:id/assignOnChannel': 'staff',
  'POST /api/employee/:id/removeAssignmentOnChannel': 'staff',
  'GET /api/employee/:id/membership': 'member',
  'POST /api/employee/:id/invite': 'staff',
  'DELETE /api/employee/:id/invite': 'staff',
  'GET /api/teams': 'member',
  'GET /api/payroll': 'member',
  'GET /api/payroll/export': 'member',
  'GET /api/employee/:id/payroll': 'member',
  'GET /api/employee/:id/payouts': 'member',
  'POST /api/employee/:id/payouts': 'owner',
  'DELETE /api/employee/:id/payouts/:payoutId': 'owner',
  'POST /api/session/team': 'member',

  'GET /api/channel': 'member',
  'POST /api/channel': 'owner',
  'GET /api/channel/:id': 'member',
  'DELETE /api/channel/:id': 'staff',
  'POST /api/channel/:id/restore': 'staff',
  'GET /api/channel/:id/employees': 'member',
  'POST /api/channel/:id/employees': 'staff',
  'GET /api/channel/:id/prices': 'member',
  'PUT /api/channel/:id/prices': 'staff',
  'GET /api/channel/:id/subscribers': 'staff',
  'GET /api/telegram/bot': 'member',
  'GET /api/telegram/channel-info': 'member', // as searchInTelegram above

  'GET /api/employeeChannelRole/all': 'member',
  'GET /api/employeeChannelRole/:id': 'member',
  'GET /api/salary/type/forChannelRole': 'member',
  'GET /api/salary/type/all': 'member',
  'GET /api/paymentMethodType/all': 'member',

  'GET /api/paymentMethod': 'member',
  'POST /api/paymentMethod': 'member',
  'GET /api/employee/:id/paymentMethods': 'member',
  'GET /api/paymentMethod/:id': 'member',
  'DELETE /api/paymentMethod/:id': 'member',

  'GET /api/tariff': 'owner',
  'GET /api/tariff/current': 'owner',
  'POST /api/tariff/trial': 'owner',
  'GET /api/referral': 'owner',
  'GET /api/referral/qr.svg': 'owner',

  // Ad marking: who places the ads is the team itself, which the owner answers for.
  'GET /api/team/legal': 'owner',
  'PUT /api/team/legal': 'owner',
  'GET /api/team/ord': 'owner',
  'PUT /api/team/ord': 'owner',
  // The month's reports to ЕРИР, their deadline and the quarter's levy are the team's to answer for: the owner's.
  'GET /api/marking/months/:month': 'owner',
  'GET /api/marking/months/:month/export': 'owner',
  'POST /api/marking/months/:month/send': 'owner',
  'GET /api/marking/due': 'owner',
  'GET /api/marking/levy': 'owner',
  // A text's checks read nothing of the team: anyone who writes posts asks them.
  'POST /api/marking/check': 'member',

  'GET /api/settings': 'member',
  'PATCH /api/settings': 'member',
  'POST /api/profile/telegram/link': 'member',
  'DELETE /api/profile/telegram': 'member',
  'DELETE /api/account': 'member',
  'GET /api/profile/accounts': 'member',
  'DELETE /api/profile/accounts/:provider': 'member',
  'GET /api/support': 'member',

  'GET /api/calendar': 'member',
  'POST /api/calendar/feed': 'member',
  'DELETE /api/calendar/feed': 'member',
  'GET /api/schedule': 'member',
  'GET /api/schedule/days': 'member',
  'GET /api/finance/summary': 'staff',
  'GET /api/finance/debts': 'staff',
  'GET /api/finance/export': 'staff',
};

const refusals: Record<Exclude<Rule, 'member'>, string> = {
  staff: 'Это доступно владельцу команды и администраторам каналов',
  owner: 'Это доступно только владельцу команды',
};

/** Refuses with 403 an operation the person's role never allows, before anything is read or validated. */
export function checkRule(rule: Rule, access: Access) {
  if (rule === 'member' || access.owner) return;
  if (rule === 'staff' && access.channels.admin.length > 0) return;
  throw new AppError('FORBIDDEN', refusals[rule]);
}
