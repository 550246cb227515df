import { type PluralForms, plural } from './format';

const dayForms: PluralForms = ['день', 'дня', 'дней'];

/** '1 день', '3 дня', '11 дней', '21 день'. */
export const daysText = (days: number) => plural(days, dayForms);

/** 'просрочено 3 дня': how long a payment is past its due date. */
export const overdueText = (days: number) => `просрочено ${daysText(days)}`;
