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
