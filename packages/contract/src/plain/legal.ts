// Legal details for ad marking (issue 35, docs/decisions D6): the types of a party as VK ОРД names them, and the checks
// of a Russian taxpayer number (ИНН) and a company's registration reason code (КПП). Zod-free so the form checks a typed
// number by the same rule as the server.

export const legalTypes = ['juridical', 'ip', 'physical'] as const;
export type LegalType = (typeof legalTypes)[number];

export const legalTypeNames: Record<LegalType, string> = {
  juridical: 'Юрлицо',
  ip: 'ИП',
  physical: 'Физлицо',
};

export const INN_MESSAGES = {
  digits: 'ИНН: только цифры',
  length: 'ИНН: 10 цифр у юрлица, 12 — у ИП и физлица',
  checksum: 'ИНН: неверная контрольная сумма',
} as const;

export const KPP_MESSAGE = 'КПП: 9 знаков, например 770101001';

const WEIGHTS_10 = [2, 4, 10, 3, 5, 9, 4, 6, 8];
const WEIGHTS_11 = [7, 2, 4, 10, 3, 5, 9, 4, 6, 8];
const WEIGHTS_12 = [3, 7, 2, 4, 10, 3, 5, 9, 4, 6, 8];

/** A check digit of the tax service's rule: the weighted sum of the digits before it, mod 11, mod 10. */
const checkDigit = (digits: readonly number[], weights: readonly number[]) =>
  (weights.reduce((sum, weight, i) => sum + weight * (digits[i] ?? 0), 0) % 11) % 10;

/**
 * What is wrong with an ИНН for a party of this type, or undefined when nothing is: 10 digits for a company (one check
 * digit), 12 for an individual entrepreneur or a person (two), the check digits by the tax service's weights.
 */
export function innProblem(inn: string, type: LegalType): string | undefined {
  if (!/^\d+$/.test(inn)) return INN_MESSAGES.digits;
  const length = type === 'juridical' ? 10 : 12;
  if (inn.length !== length) return INN_MESSAGES.length;
  const digits = [...inn].map(Number);
  const valid =
    length === 10
      ? checkDigit(digits, WEIGHTS_10) === digits[9]
      : checkDigit(digits, WEIGHTS_11) === digits[10] && checkDigit(digits, WEIGHTS_12) === digits[11];
  return valid ? undefined : INN_MESSAGES.checksum;
}

/** A КПП: four digits of the tax office, two of the reason (digits or capital letters), three digits. */
export const isKpp = (kpp: string) => /^\d{4}[\dA-Z]{2}\d{3}$/.test(kpp);

// A deal's marking, in VK ОРД's names (its OpenAPI description: ContractType, ContractSubjectType, CreativeForm).

/** Who registers the ad with an ОРД: we, the other side, or nobody (with a reason). */
export const markingRegistrars = ['us', 'counterpart', 'not_required'] as const;
export type MarkingRegistrar = (typeof markingRegistrars)[number];
export const markingRegistrarNames: Record<MarkingRegistrar, string> = {
  us: 'Мы',
  counterpart: 'Контрагент',
  not_required: 'Не требуется',
};

export const contractTypes = ['service', 'mediation', 'additional'] as const;
export const contractTypeNames: Record<(typeof contractTypes)[number], string> = {
  service: 'Оказание услуг',
  mediation: 'Посреднический',
  additional: 'Доп. соглашение',
};
export const contractSubjects = [
  'distribution',
  'org_distribution',
  'representation',
  'mediation',
  'other',
] as const;
export const contractSubjectNames: Record<(typeof contractSubjects)[number], string> = {
  distribution: 'Распространение рекламы',
  org_distribution: 'Организация распространения',
  representation: 'Представительство',
  mediation: 'Посредничество',
  other: 'Иное',
};
export const creativeForms = [
  'text_block',
  'text_graphic_block',
  'text_video_block',
  'text_graphic_video_block',
  'banner',
  'video',
  'audio',
  'text_audio_block',
  'text_graphic_audio_block',
  'text_audio_video_block',
  'text_graphic_audio_video_block',
  'live_audio',
  'live_video',
  'banner_html5',
] as const;

/** Where a deal's marking stands: нет данных → готово к регистрации → erid получен → опубликовано → статистика → акт. */
export const markingStates = [
  'no_data',
  'ready',
  'erid_received',
  'published',
  'statistics_sent',
  'act_sent',
  'not_required',
] as const;
export type MarkingState = (typeof markingStates)[number];
export const markingStateNames: Record<MarkingState, string> = {
  no_data: 'Нет данных',
  ready: 'Готово к регистрации',
  erid_received: 'erid получен',
  published: 'Опубликовано',
  statistics_sent: 'Статистика подана',
  act_sent: 'Акт подан',
  not_required: 'Не требуется',
};
