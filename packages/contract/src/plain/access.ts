/**
 * What the web may show a person: the server decides every call by one policy (docs/decisions/024); these flags only
 * keep the web from offering what the server would refuse.
 */

export type DealPermissions = { see: boolean; createOn: number[] | null; manageOn: number[] | null };

export type Permissions = {
  /** /finance: the owner, and administrators for their channels. */
  finance: boolean;
  /** Adding people and inviting them: the owner, and administrators (to their channels). */
  people: boolean;
  /** Adding channels, the tariff, the referral programme and the team's settings: the owner alone. */
  owner: boolean;
  /**
   * Per kind: whether the person sees any such deals; on which channels they may record new ones as themselves
   * (`createOn`), and on which they may change anyone's (`manageOn`, the channels they administer); null: every channel.
   */
  sale: DealPermissions;
  purchase: DealPermissions;
  /** The placement schedule: anyone with a role on a channel. */
  schedule: boolean;
};

export const OWNER_PERMISSIONS: Permissions = {
  finance: true,
  people: true,
  owner: true,
  sale: { see: true, createOn: null, manageOn: null },
  purchase: { see: true, createOn: null, manageOn: null },
  schedule: true,
};

/**
 * Whether a person may change a deal, as the server decides it (modules/access): anyone's on a channel they
 * administer, their own where they manage that kind. The server refuses the rest with 403; the web shows 'Редактирование' and 'Удалить' only then.
 */
export function mayChangeDeal(
  deal: DealPermissions,
  userId: number,
  target: { channelId: number; employeeId: number | null },
) {
  if (deal.manageOn === null || deal.manageOn.includes(target.channelId)) return true;
  return (deal.createOn ?? []).includes(target.channelId) && target.employeeId === userId;
}
