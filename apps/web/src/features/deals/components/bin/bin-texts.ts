import { formatDate, plural } from '@/lib/format';

const DAY_MS = 86_400_000;

/** What the bin of deleted deals says (issue 33), for both kinds: a sale and a purchase are both feminine. */
export const binTexts = {
  entry: 'Удалённые',
  restore: 'Восстановить',
  restoring: 'Восстанавливаем…',
  intro: 'Восстановленная сделка вернётся в списки, календарь и суммы.',
  deleted: (at: string, by: string | undefined) => `Удалена ${formatDate(at)}${by ? ` · ${by}` : ''}`,
  /** 'удалится через 12 дней': days left, rounded (a deal deleted a minute ago has 30, two days ago 28). */
  left: (until: string, now = Date.now()) =>
    `удалится через ${plural(Math.max(1, Math.round((Date.parse(until) - now) / DAY_MS)), ['день', 'дня', 'дней'])}`,
} as const;
