/**
 * The channel roles of decisions D3 by their fixed ids (migration 0001), and what the web may show a person: the
 * server decides every call by one policy (docs/decisions/024); these flags only keep the web from offering what the
 * server would refuse.
 */
export const CHANNEL_ROLE = { admin: 1, sales: 2, purchases: 3, content: 4 } as const;

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

/** How long an invitation link works. */
export const INVITATION_DAYS = 7;

/** Why an invitation link does not work, as its page says it. */
export const invitationErrors = {
  unknown: 'Приглашение не найдено. Попросите владельца команды прислать новую ссылку',
  used: 'Это приглашение уже использовано',
  expired: 'Срок действия приглашения истёк. Попросите прислать новую ссылку',
  revoked: 'Приглашение отозвано. Попросите прислать новую ссылку',
  member: 'Вы уже состоите в этой команде',
} as const;
export type InvitationError = keyof typeof invitationErrors;

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
