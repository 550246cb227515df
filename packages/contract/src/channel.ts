import { z } from './zod.js';

/** A channel of the team (spec §3 "Channel"). */
export const channelSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  iconLink: z.string().nullable(),
  botAdminRights: z.boolean(),
  description: z.string(),
  ownerEmployeeId: z.number().int(),
  telegramNickName: z.string(),
});
export type Channel = z.infer<typeof channelSchema>;
