// Checks of an ad post's text before it goes out (issue 35, decisions D6): what the law asks of every ad in a Russian
// Telegram channel. Zod-free: the deal's card checks a pasted text by the same rule as the server.

export type MarkingCheckCode = 'label' | 'erid' | 'advertiser' | 'links';
export type MarkingCheck = { code: MarkingCheckCode; ok: boolean; message: string };

const LINK = /\bhttps?:\/\/[^\s<>"«»]+|\bt\.me\/[^\s<>"«»]+/gi;
/** A link's trailing punctuation is the sentence's, not the link's. */
const trimmed = (link: string) => link.replace(/[).,;:!?]+$/, '');

/** Letters and digits only, lower case, 'ё' as 'е': a name written with other quotes or spaces is the same name. */
const squeezed = (text: string) =>
  text
    .toLowerCase()
    .replaceAll('ё', 'е')
    .replace(/[^\p{L}\p{N}]+/gu, '');

/** The `erid` query parameter of a link, if it has one. */
function eridOf(link: string) {
  try {
    return new URL(/^https?:/i.test(link) ? link : `https://${link}`).searchParams.get('erid');
  } catch {
    return null;
  }
}

/**
 * What a post's text lacks: «Реклама» in it, the erid exactly (letter case matters: ad blockers strip `?erid=` from
 * links, so it should be in the text too), the advertiser's name or ИНН, and `?erid=` on every link.
 */
export function checkAdText(input: {
  text: string;
  erid?: string | undefined;
  advertiserName?: string | undefined;
  advertiserInn?: string | undefined;
}): MarkingCheck[] {
  const { text, erid, advertiserName, advertiserInn } = input;
  const links = (text.match(LINK) ?? []).map(trimmed);
  const unmarked = erid ? links.filter((link) => eridOf(link) !== erid) : links;
  const named =
    (advertiserName !== undefined &&
      squeezed(advertiserName) !== '' &&
      squeezed(text).includes(squeezed(advertiserName))) ||
    (advertiserInn !== undefined && advertiserInn !== '' && text.includes(advertiserInn));
  return [
    /(^|[^\p{L}])реклама([^\p{L}]|$)/iu.test(text)
      ? { code: 'label', ok: true, message: 'Есть пометка «Реклама»' }
      : { code: 'label', ok: false, message: 'Нет пометки «Реклама»' },
    !erid
      ? { code: 'erid', ok: false, message: 'erid ещё не получен' }
      : text.includes(erid)
        ? { code: 'erid', ok: true, message: `erid ${erid} есть в тексте` }
        : { code: 'erid', ok: false, message: `Нет erid ${erid} в тексте (буквы различаются по регистру)` },
    named
      ? { code: 'advertiser', ok: true, message: 'Указан рекламодатель' }
      : { code: 'advertiser', ok: false, message: 'Нет названия или ИНН рекламодателя' },
    links.length === 0
      ? { code: 'links', ok: true, message: 'Ссылок нет' }
      : unmarked.length === 0
        ? { code: 'links', ok: true, message: 'У всех ссылок есть ?erid=' }
        : { code: 'links', ok: false, message: `Ссылки без ?erid=${erid ?? ''}: ${unmarked.length}` },
  ];
}

// The month's paperwork and the quarter's levy (issue 35, docs/decisions/032): the dates the law sets, one rule for the
// server, the screens and the reminders.

/** A month as `yyyy-mm`, a quarter as `yyyy-Qn`. */
export const MONTH_PATTERN = /^(19|20)\d\d-(0[1-9]|1[0-2])$/;
export const QUARTER_PATTERN = /^(19|20)\d\d-Q[1-4]$/;

const isoDay = (year: number, monthIndex: number, day: number) =>
  new Date(Date.UTC(year, monthIndex, day)).toISOString().slice(0, 10);

/** The month's first and last days (`yyyy-mm-dd`). */
export function monthDays(month: string) {
  const year = Number(month.slice(0, 4));
  const index = Number(month.slice(5, 7)) - 1;
  return { first: isoDay(year, index, 1), last: isoDay(year, index + 1, 0) };
}

/**
 * The last day to send a month's statistics and acts to ЕРИР through an ОРД: 30 calendar days after the month ends
 * (decision 032 says where this comes from and why the earlier of the two readings is taken).
 */
const MARKING_DAYS_AFTER_MONTH = 30;
export function markingDeadline(month: string) {
  const { last } = monthDays(month);
  const end = new Date(`${last}T00:00:00Z`);
  end.setUTCDate(end.getUTCDate() + MARKING_DAYS_AFTER_MONTH);
  return end.toISOString().slice(0, 10);
}

/** The levy on ad revenue since 2025-04-01: 3 % of a quarter's revenue. */
export const LEVY_RATE = 0.03;

/** The quarter's first and last days. */
export function quarterDays(quarter: string) {
  const year = Number(quarter.slice(0, 4));
  const first = (Number(quarter.slice(6)) - 1) * 3;
  return { first: isoDay(year, first, 1), last: isoDay(year, first + 3, 0) };
}

/** The levy of a quarter is paid by the 5th day of the third month after the quarter (decision 032). */
export function levyDueDate(quarter: string) {
  const year = Number(quarter.slice(0, 4));
  const first = (Number(quarter.slice(6)) - 1) * 3;
  return isoDay(year, first + 3 + 2, 5);
}

/** The quarter a day (`yyyy-mm-dd`) falls in. */
export const quarterOf = (day: string) =>
  `${day.slice(0, 4)}-Q${Math.floor((Number(day.slice(5, 7)) - 1) / 3) + 1}`;
