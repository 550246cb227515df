import { dealNumber } from './deal.js';
import { pageQuery } from './pagination.js';
import { dealNumberRules, durationTypes } from './plain/deal.js';
import { DUPLICATE_PRICE, MAX_CHANNEL_PRICES, priceTermKey } from './plain/price-list.js';
import { telegramUsername } from './telegram.js';
import { nullMeansAbsent, referenceId, text, z } from './zod.js';

/** A channel of the team (spec §3 "Channel"). */
export const channelSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  iconLink: z.string().nullable(),
  /** The bot is an administrator that may post (or the channel's creator). */
  botAdminRights: z.boolean(),
  /**
   * The bot's membership as its last update or check said (decisions 019): null when it was never seen there,
   * 'left' or 'kicked' when it was removed.
   */
  botStatus: z.enum(['administrator', 'member', 'left', 'kicked']).nullable(),
  /** The bot may make invite links here (the right to invite users): each purchase gets its own link. */
  botCanInvite: z.boolean(),
  /** Since when the bot has been an administrator (ISO): joins and leaves before it are not seen. */
  botAdminSince: z.string().nullable(),
  description: z.string(),
  ownerEmployeeId: z.number().int(),
  telegramNickName: z.string(),
  /** When the channel was archived (ISO); null for a live one. Its deals stay, with its name (decisions 017). */
  archivedAt: z.string().nullable(),
});
export type Channel = z.infer<typeof channelSchema>;

/** `GET /api/channel`: live channels, or with `archived=true` the archived ones. */
export const channelListQuery = pageQuery.extend({
  archived: z
    .enum(['true', 'false'], { error: 'archived: true или false' })
    .default('false')
    .transform((value) => value === 'true'),
});
export type ChannelListQuery = z.infer<typeof channelListQuery>;

/** Adding a channel (spec §3 "Channel creation payload"); name and image are resolved by the server, never taken from the client. */
export const channelCreateSchema = nullMeansAbsent(
  z.object({
    telegramNickName: telegramUsername,
    description: text(1000).default(''),
    ownerEmployeeId: z.number().int().positive().optional(),
  }),
);
export type ChannelCreate = z.input<typeof channelCreateSchema>;

export const channelInfoQuery = z.object({ channelNick: telegramUsername });

/** What Telegram tells about a username (spec §3 "Channel lookup result"); userId is the chat id when a bot knows it. */
export const channelInfoSchema = z.object({
  userId: z.number().nullable(),
  name: z.string(),
  imageLink: z.string().nullable(),
  telegramNickName: z.string(),
});
export type ChannelInfo = z.infer<typeof channelInfoSchema>;

/** An employee working on a channel (spec §3 "Channel employee"). */
export const channelEmployeeSchema = z.object({
  employeeId: z.number().int(),
  employeeName: z.string(),
  iconLink: z.string().nullable(),
});
export type ChannelEmployee = z.infer<typeof channelEmployeeSchema>;

/** The project's bot; null when the server has no bot token. */
export const telegramBotSchema = z.object({ username: z.string().nullable() });

export const CHANNEL_NOT_FOUND = 'Канал не найден';
export const CHANNEL_EXISTS = 'Канал уже добавлен';
/** A person's link given where a channel is asked for (the lookup found a user). */
export const NOT_A_CHANNEL = 'Это пользователь, а не канал';

// Each line of the body takes null for a field it does not know, as every request body does (nullMeansAbsent).
const priceRow = nullMeansAbsent(
  z.object({
    advertisementFormatId: referenceId('Выберите формат'),
    durationType: z.enum(durationTypes, { error: 'Выберите срок размещения' }),
    duration: dealNumber(dealNumberRules.duration).nullable().default(null),
    hoursInTop: dealNumber(dealNumberRules.hoursInTop).default(0),
    price: dealNumber(dealNumberRules.price).gt(0, 'Цена должна быть больше 0'),
  }),
)
  .superRefine((row, ctx) => {
    if (row.durationType !== 'INFINITY' && !row.duration)
      ctx.addIssue({ code: 'custom', path: ['duration'], message: 'Укажите срок' });
  })
  // 'Без удаления' has no number (spec §3), whatever was sent, as a deal's placement.
  .transform((row) => ({ ...row, duration: row.durationType === 'INFINITY' ? null : row.duration }));

/** One line of a channel's price list: the price of a format for a placement term, as a deal's terms say it. */
export const channelPriceSchema = z.object({
  advertisementFormatId: z.number().int(),
  durationType: z.enum(durationTypes),
  duration: z.number().int().nullable(),
  hoursInTop: z.number().int(),
  price: z.number(),
});
export type ChannelPrice = z.infer<typeof channelPriceSchema>;

/** `PUT /api/channel/{id}/prices`: the whole list, in the order it is shown; it replaces the one there was. */
export const channelPricesInput = z
  .array(priceRow)
  .max(MAX_CHANNEL_PRICES, `Не больше ${MAX_CHANNEL_PRICES} строк прайса`)
  .superRefine((rows, ctx) => {
    const seen = new Set<string>();
    rows.forEach((row, index) => {
      const key = priceTermKey(row);
      if (seen.has(key)) ctx.addIssue({ code: 'custom', path: [index, 'price'], message: DUPLICATE_PRICE });
      seen.add(key);
    });
  });
export type ChannelPricesInput = z.input<typeof channelPricesInput>;
