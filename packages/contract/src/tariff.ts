import { z } from './zod.js';

/** Tariff catalogue (spec §9, decisions D3). Payment is out of scope: an operator grants paid tariffs. */
export const paidTariffs = [
  { id: 'baza-3', name: 'БАЗА 3', channels: 3, months: 3, pricePerMonth: 899 },
  { id: 'setka-10', name: 'СЕТКА 10', channels: 10, months: 6, pricePerMonth: 1299 },
  { id: 'media-25', name: 'МЕДИА 25', channels: 25, months: 12, pricePerMonth: 1999 },
] as const;

export const paidTariffIds = ['baza-3', 'setka-10', 'media-25'] as const;
export type PaidTariffId = (typeof paidTariffIds)[number];

export const TRIAL = { id: 'trial', name: 'Пробный', channels: 10, months: 1 } as const;
export type TariffId = PaidTariffId | typeof TRIAL.id;

/** Channels a user without any tariff may add. */
export const NO_TARIFF_CHANNELS = 1;

export const isPaidTariff = (value: string): value is PaidTariffId =>
  (paidTariffIds as readonly string[]).includes(value);

export const tariffSchema = z.object({
  id: z.enum(paidTariffIds),
  name: z.string(),
  channels: z.number().int(),
  months: z.number().int(),
  pricePerMonth: z.number(),
});

/** The caller's team: its tariff now (null: none), how many channels it may have and has, and whether a trial is left. */
export const currentTariffSchema = z.object({
  tariff: z
    .object({ id: z.enum([...paidTariffIds, 'trial']), name: z.string(), channels: z.number().int() })
    .nullable(),
  startsAt: z.iso.datetime().nullable(),
  endsAt: z.iso.datetime().nullable(),
  channelLimit: z.number().int(),
  channelsUsed: z.number().int(),
  trialAvailable: z.boolean(),
});
export type CurrentTariff = z.infer<typeof currentTariffSchema>;

export const TRIAL_USED = 'Пробный период уже был использован';
export const TARIFF_ACTIVE = 'У вас уже есть действующий тариф';
