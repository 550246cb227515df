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
