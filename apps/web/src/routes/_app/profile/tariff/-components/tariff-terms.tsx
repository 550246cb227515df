import { formatMoney, plural } from '@/lib/format';

export type TariffTerms = { name: string; channels: number; months: number; pricePerMonth: number };

const channelsGenitive = ['канала', 'каналов', 'каналов'] as const;
const months = ['месяц', 'месяца', 'месяцев'] as const;

/** '899 руб/мес' */
export function pricePerMonth(tariff: TariffTerms): string {
  return `${formatMoney(tariff.pricePerMonth)}/мес`;
}

/** 'до 3 каналов' ('До 3 каналов' at the start of a line) */
export function channelLimitText(channels: number, capital = false): string {
  return `${capital ? 'До' : 'до'} ${plural(channels, channelsGenitive)}`;
}

/** '3 месяца' */
export function termText(tariff: TariffTerms): string {
  return plural(tariff.months, months);
}

/** '2 697 руб за 3 месяца' */
export function totalText(tariff: TariffTerms): string {
  return `${formatMoney(tariff.pricePerMonth * tariff.months)} за ${plural(tariff.months, months)}`;
}
