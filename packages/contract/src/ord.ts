// The team's ОРД account and a deal's registration with it (issue 35, decisions D6): VK ОРД first.
import { nullMeansAbsent, text, z } from './zod.js';

const ordProviders = ['vk'] as const;

/**
 * `PUT /api/team/ord`: the provider, its sandbox or not, and the API key. The key is write-only: an absent `apiKey`
 * keeps the saved one, an empty one removes it.
 */
export const teamOrdBody = nullMeansAbsent(
  z.object({
    provider: z.enum(ordProviders, { error: 'ОРД: пока только VK ОРД' }).default('vk'),
    sandbox: z.boolean({ error: 'Песочница: да или нет' }).default(false),
    apiKey: text(500, 'Ключ API: не длиннее 500 знаков')
      .regex(/^[\x21-\x7e]*$/, 'Ключ API: латинские буквы, цифры и знаки без пробелов')
      .optional(),
  }),
);
export type TeamOrdInput = z.output<typeof teamOrdBody>;

/** `GET /api/team/ord`: never the key itself, only whether one is set. */
export const teamOrdSchema = z.object({
  provider: z.enum(ordProviders),
  sandbox: z.boolean(),
  keySet: z.boolean(),
});
export type TeamOrd = z.infer<typeof teamOrdSchema>;

/** Where a piece of work sent to the ОРД stands: waiting in the queue, accepted, or refused with a Russian reason. */
export const ordWorkStatuses = ['queued', 'done', 'failed'] as const;
export type OrdWorkStatus = (typeof ordWorkStatuses)[number];

export const ordWorkSchema = z.object({
  status: z.enum(ordWorkStatuses),
  /** Why it failed, in Russian (a refused key, the ОРД's own message, the ОРД not answering). */
  message: z.string().nullable(),
});
export type OrdWork = z.infer<typeof ordWorkSchema>;

/** `POST /api/{sale|purchase}/{id}/marking/register`: 202, the registration is queued. */
export const markingRegisterSchema = z.object({ registration: ordWorkSchema });
