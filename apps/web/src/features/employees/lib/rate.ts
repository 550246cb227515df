import { formatMoney } from '@/lib/format';

// A role's rate read by its salary type (docs/decisions/026): the fixed ids of migration 0001.

const units: Record<number, string> = {
  1: 'руб в месяц',
  2: '% с поступивших оплат за продажи',
  3: '% с поступивших оплат за закупки',
  4: 'руб за пост',
};

/** What the rate field asks for under a salary type: 'Ставка, руб в месяц'. */
export const rateLabel = (salaryTypeId: number | null) =>
  salaryTypeId !== null && units[salaryTypeId] ? `Ставка, ${units[salaryTypeId]}` : 'Ставка';

/** A rate as the person's page and the payroll say it: '30 000 руб в месяц', '10 % с поступивших оплат за продажи'. */
export function rateText(salaryTypeId: number | null, rate: number | null): string {
  if (rate === null || salaryTypeId === null) return 'Ставка не указана';
  const percent = salaryTypeId === 2 || salaryTypeId === 3;
  const value = percent
    ? `${String(rate).replace('.', ',')}\u00a0%`
    : formatMoney(rate).replace(/\u00a0руб$/, '');
  const unit = (units[salaryTypeId] ?? '').replace(/^% /, '');
  return percent ? `${value} ${unit}` : `${value}\u00a0${unit}`;
}

/** '30 000', '12,5', '10 %': the number a person typed, or undefined for nothing; NaN when it is not a number. */
export function parseRate(text: string): number | undefined {
  const cleaned = text.replace(/[\s\u00a0%]|руб\.?|₽/g, '').replace(',', '.');
  if (cleaned === '') return undefined;
  return /^\d+(\.\d{1,2})?$/.test(cleaned) ? Number(cleaned) : Number.NaN;
}
