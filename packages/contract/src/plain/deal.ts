// The values of a deal both sides share: durations, calendar entry types and the rules of the numbers a deal holds.

export const durationTypes = ['INFINITY', 'DAYS', 'HOURS'] as const;
export type DurationType = (typeof durationTypes)[number];
export const durationTypeNames: Record<DurationType, string> = {
  INFINITY: 'Без удаления',
  DAYS: 'Дни',
  HOURS: 'Часы',
};

export const calendarTypes = ['SALE', 'PURCHASE', 'SUBSCRIPTION_EXPIRED'] as const;
export type CalendarType = (typeof calendarTypes)[number];
export const calendarTypeNames: Record<CalendarType, string> = {
  SALE: 'Продажа',
  PURCHASE: 'Закупка',
  SUBSCRIPTION_EXPIRED: 'Окончание тарифа',
};

/**
 * A number a deal holds (spec §3), with its Russian messages: the one definition behind both the contract's zod
 * schema (`dealNumber` in deal.ts) and the form's reading of what was typed (`readDealNumber`).
 */
export type DealNumberRule = {
  max: number;
  /** Digits allowed after the point: 0 for a whole number. */
  decimals: 0 | 2;
  messages: { notNumber: string; negative: string; tooBig: string; tooManyDecimals?: string };
};

export const dealNumberRules = {
  price: {
    max: 1_000_000_000,
    decimals: 2,
    messages: {
      notNumber: 'Укажите стоимость числом',
      negative: 'Стоимость не может быть отрицательной',
      tooBig: 'Стоимость не больше 1 000 000 000 руб',
      tooManyDecimals: 'Не больше двух знаков после запятой',
    },
  },
  hoursInTop: {
    max: 720,
    decimals: 0,
    messages: {
      notNumber: 'Укажите целое число часов',
      negative: 'Часов в топе не может быть меньше 0',
      tooBig: 'Не больше 720 часов',
    },
  },
  duration: {
    max: 10_000,
    decimals: 0,
    messages: {
      notNumber: 'Укажите целое число',
      negative: 'Срок не может быть отрицательным',
      tooBig: 'Не больше 10 000',
    },
  },
} as const satisfies Record<string, DealNumberRule>;

/** Whether a number has more digits after the point than the rule allows (kopecks at most for a price). */
export const hasTooManyDecimals = (rule: DealNumberRule, value: number) => {
  const scaled = value * 10 ** rule.decimals;
  return Math.abs(Math.round(scaled) - scaled) >= 1e-6;
};

// As typed: spaces (also the non-breaking ones of '15 000') are ignored and a comma is a decimal point.
const normalise = (text: string) => text.replace(/[\s\u00a0\u202f]/g, '').replace(',', '.');

/**
 * What a person typed into a number field, read by the rule: an empty field counts as 0 (spec §5: numbers are
 * coerced on submit), anything else is the number or the Russian message saying what is wrong with it.
 */
export function readDealNumber(rule: DealNumberRule, text: string): { value: number } | { error: string } {
  const t = normalise(text);
  if (t === '') return { value: 0 };
  if (/^-(\d|\.\d)/.test(t)) return { error: rule.messages.negative };
  if (!/^\d+(\.\d*)?$|^\.\d+$/.test(t)) return { error: rule.messages.notNumber };
  const value = Number(t);
  if (hasTooManyDecimals(rule, value)) {
    return { error: rule.messages.tooManyDecimals ?? rule.messages.notNumber };
  }
  if (value > rule.max) return { error: rule.messages.tooBig };
  return { value };
}
