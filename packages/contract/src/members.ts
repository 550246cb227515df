import { z } from './zod.js';

/** The channel roles of decisions D3 by their fixed ids (migration 0001). */
export const CHANNEL_ROLE = { admin: 1, sales: 2, purchases: 3, content: 4 } as const;

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

const channelIds = z.array(z.number().int()).nullable();
const dealPermissionsSchema = z.object({ see: z.boolean(), createOn: channelIds, manageOn: channelIds });

/** What a person may do, for the web to show only that (plain/access.ts). */
export const permissionsSchema = z.object({
  finance: z.boolean(),
  people: z.boolean(),
  owner: z.boolean(),
  sale: dealPermissionsSchema,
  purchase: dealPermissionsSchema,
  schedule: z.boolean(),
});

/** A team the signed-in person belongs to (`GET /api/teams`). */
export const teamSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  isOwner: z.boolean(),
  /** The person's roles in it, as text ('Менеджер по продажам: @channel'), empty for the owner. */
  roles: z.array(z.string()),
  current: z.boolean(),
});
export type Team = z.infer<typeof teamSchema>;

export const sessionTeamBody = z.object({
  teamId: z.number({ error: 'Выберите команду' }).int().positive(),
});

/**
 * A new invitation: its link (shown once: only its hash is kept), the same as a link to the bot that opens it in
 * Telegram (null without a bot), its end and the link as a QR code (a data: URL).
 */
export const invitationCreatedSchema = z.object({
  url: z.string(),
  telegramUrl: z.string().nullable(),
  expiresAt: z.string(),
  qr: z.string(),
});
export type InvitationCreated = z.infer<typeof invitationCreatedSchema>;

/** What an invitation's page shows before sign-in. */
export const invitationPreviewSchema = z.object({
  teamName: z.string(),
  employeeName: z.string(),
  invitedBy: z.string(),
  expiresAt: z.string(),
});
export type InvitationPreview = z.infer<typeof invitationPreviewSchema>;

/** An invitation's token as the link carries it (43 characters of base64url; some room for a future length). */
export const invitationToken = z
  .string()
  .max(100)
  .regex(/^[A-Za-z0-9_-]{20,100}$/, 'Некорректная ссылка приглашения');
export const invitationTokenParams = z.object({ token: invitationToken });

/** A person's sign-in state on their page: signed in (when), or the live invitation's end, or neither. */
export const membershipSchema = z.object({
  joinedAt: z.string().nullable(),
  invitationExpiresAt: z.string().nullable(),
});
export type Membership = z.infer<typeof membershipSchema>;
