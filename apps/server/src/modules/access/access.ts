import { type DealKind, mayChangeDeal, OWNER_PERMISSIONS, type Permissions } from '@addesk/contract';
import type { Access } from '../../lib/caller.js';

export type { Access };

export const ownerAccess = (employeeId: number): Access => ({
  owner: true,
  employeeId,
  channels: { admin: [], sales: [], purchases: [], content: [] },
  people: [employeeId],
  colleagues: [],
});

const union = (...lists: number[][]) => [...new Set(lists.flat())].sort((a, b) => a - b);
const managerOf = { sale: 'sales', purchase: 'purchases' } as const;

/** The deals of a kind a person sees: undefined for all (the owner), else those on these channels or by these people. */
export type DealScope = { channelIds: number[]; employeeIds: number[] } | undefined;

export function dealScope(access: Access, kind: DealKind): DealScope {
  if (access.owner) return undefined;
  return {
    channelIds: union(access.channels.admin, access.channels[managerOf[kind]]),
    employeeIds: access.people,
  };
}

type DealParty = { channelId: number; employeeId: number | null };

export function seesDeal(access: Access, kind: DealKind, deal: DealParty) {
  const scope = dealScope(access, kind);
  return (
    !scope ||
    scope.channelIds.includes(deal.channelId) ||
    (deal.employeeId !== null && scope.employeeIds.includes(deal.employeeId))
  );
}

/**
 * Whether the person may record or change this deal: an administrator of its channel any deal there; a manager of the
 * kind on that channel only their own (the deal names them). Seeing a subordinate's deal gives no right to change it.
 * The rule is the contract's, which the web asks too.
 */
export const changesDeal = (access: Access, kind: DealKind, deal: DealParty) =>
  mayChangeDeal(permissionsOf(access)[kind], access.employeeId, deal);

/** The channels a person sees (those they have any role on); undefined: all of the team's. */
export const visibleChannels = (access: Access) =>
  access.owner
    ? undefined
    : union(access.channels.admin, access.channels.sales, access.channels.purchases, access.channels.content);

/** The channels whose money a person sees on /finance; undefined: all. */
export const financeChannels = (access: Access) => (access.owner ? undefined : access.channels.admin);

export const administers = (access: Access, channelId: number) =>
  access.owner || access.channels.admin.includes(channelId);

/** The people a person sees: themselves, those under them and those on the channels they administer. */
export const seesPerson = (access: Access, employeeId: number) =>
  access.owner || access.people.includes(employeeId) || access.colleagues.includes(employeeId);

/** The people a person sees, when not all of the team's. */
export const visiblePeople = (access: Access) =>
  access.owner ? undefined : union(access.people, access.colleagues);

/** Roles, invitations: the owner for everyone, an administrator for the people of their channels (not themselves). */
export const managesPerson = (access: Access, employeeId: number) =>
  access.owner || (employeeId !== access.employeeId && access.colleagues.includes(employeeId));

/** Requisites and pay terms are the owner's business and the person's own. */
export const seesPrivate = (access: Access, employeeId: number) =>
  access.owner || employeeId === access.employeeId;

export function permissionsOf(access: Access): Permissions {
  if (access.owner) return OWNER_PERMISSIONS;
  const { admin, sales, purchases } = access.channels;
  const hasPeople = access.people.length > 1;
  const deals = (own: number[]) => {
    const createOn = union(admin, own);
    return { see: createOn.length > 0 || hasPeople, createOn, manageOn: admin };
  };
  return {
    finance: admin.length > 0,
    people: admin.length > 0,
    owner: false,
    sale: deals(sales),
    purchase: deals(purchases),
    schedule: (visibleChannels(access) ?? []).length > 0,
  };
}
