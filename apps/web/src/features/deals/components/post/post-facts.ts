import type { PublicReport } from '@addesk/contract';
import { formatDateTime, formatShortDateTime } from '@/lib/format';
import { postTexts as t } from './post-texts';

/** What the deal's card and the public report both show of a post. */
export type PostFacts = Pick<
  PublicReport,
  | 'link'
  | 'publishedAt'
  | 'views'
  | 'views24h'
  | 'views48h'
  | 'topHours'
  | 'topUntil'
  | 'topKept'
  | 'displacedAt'
  | 'feedUntil'
  | 'feedKept'
  | 'deletedAt'
  | 'editedAt'
  | 'checkedAt'
>;

/** '05.03.2026 14:30' (the product's date and time, without the comma). */
export const dateTime = (at: string) => formatDateTime(at).replace(', ', ' ');
/** '05.03 14:30'. */
export const shortDateTime = (at: string) => formatShortDateTime(at).replace(', ', ' ');

/** How long after publication, in whole minutes: '40 мин', '2 ч', '1 ч 5 мин'. */
export function durationText(fromIso: string, toIso: string): string {
  const minutes = Math.max(0, Math.round((Date.parse(toIso) - Date.parse(fromIso)) / 60_000));
  if (minutes < 60) return `${minutes} мин`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0 ? `${hours} ч` : `${hours} ч ${rest} мин`;
}

/** A line of the agreed terms: kept, broken, or still running. */
export type TermLine = { text: string; state: 'kept' | 'broken' | 'pending' };

/**
 * The agreed terms as the card and the report say them: the top ('В топе 3 ч — выполнено', 'Сдвинут из топа через
 * 40 мин', 'В топе до 05.03 17:30'), the feed ('В ленте до 07.03 14:30 — выполнено', 'Удалён раньше срока: 06.03
 * 10:00', 'В ленте до …') and 'Изменён после публикации'.
 */
export function termLines(post: PostFacts): TermLine[] {
  const lines: TermLine[] = [];
  if (post.topKept === true) lines.push({ text: t.topKept(post.topHours), state: 'kept' });
  else if (post.displacedAt && post.publishedAt)
    lines.push({ text: t.displaced(durationText(post.publishedAt, post.displacedAt)), state: 'broken' });
  else if (post.topUntil && post.topKept === null)
    lines.push({ text: t.topUntil(shortDateTime(post.topUntil)), state: 'pending' });

  if (post.deletedAt && post.feedKept !== true)
    lines.push({ text: t.deletedEarly(shortDateTime(post.deletedAt)), state: 'broken' });
  else if (post.feedKept === true)
    lines.push({
      text: post.feedUntil ? t.feedKept(shortDateTime(post.feedUntil)) : t.feedForeverKept,
      state: 'kept',
    });
  else if (post.feedUntil && post.feedKept === null)
    lines.push({ text: t.feedUntil(shortDateTime(post.feedUntil)), state: 'pending' });

  if (post.editedAt) lines.push({ text: t.edited, state: 'broken' });
  return lines;
}
