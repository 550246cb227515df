import {
  type DealKind,
  dealNumberRules,
  dealVocabulary,
  type ImportDeal,
  type ImportField,
  type ImportMapping,
  importFieldNames,
  kopecksOf,
  readPostLink,
} from '@addesk/contract';
import type { SessionCaller } from '../../lib/caller.js';
import { atWallTime, isoInZone } from '../../lib/dates.js';
import type { ReadCell } from '../../lib/files/read-table.js';
import { changesDeal, visibleChannels } from '../access/index.js';
import type { ImportedDeal } from '../deal/deal-import.service.js';
import type { DealReferences } from '../reference/reference.service.js';
import type { teamNames } from '../team/index.js';
import {
  cellText,
  folded,
  type Read,
  readCounterpart,
  readDateTime,
  readDay,
  readMoney,
  readPaid,
  readTime,
} from './import.values.js';

// One row of a file as the deal it makes, or the Russian reasons it makes none (issue 37). The names in it are
// matched against the team's channels and people and the deal lists, and the deal is checked as the form's would
// be: the caller's rights on the channel, an archived channel, payments within the price.

/** A placement without a time in the file is put at midday of its day in the team's zone (docs/decisions/029). */
const NO_TIME_MINUTES = 12 * 60;

type Named = { id: number; name: string };
type TeamNames = Awaited<ReturnType<typeof teamNames>>;

/** What a row's names are matched against: read once per file. */
export type RowContext = {
  kind: DealKind;
  caller: SessionCaller;
  mapping: ImportMapping;
  refs: DealReferences;
  team: TeamNames;
};

export type RowDeal = ImportedDeal & { preview: ImportDeal };
/**
 * A row's reasons, or the deal it makes, built when asked: a preview counts every row of the file but shows a page of
 * them, and building the deals it does not show was a third of the check (issue 38).
 */
export type RowResult = { errors: string[]; deal: (() => RowDeal) | null };

/** A lookup by folded names and lower-case usernames; a name two records share finds neither. */
function lookup<T extends { name: string; username?: string | null }>(
  records: T[],
  names: (r: T) => string[],
) {
  const byName = new Map<string, T | null>();
  const byUsername = new Map<string, T>();
  for (const record of records) {
    for (const name of names(record)) {
      const key = folded(name);
      if (key) byName.set(key, byName.has(key) && byName.get(key) !== record ? null : record);
    }
    if (record.username) byUsername.set(record.username.toLowerCase(), record);
  }
  return (text: string) => {
    const mention = /^@?([a-z][a-z0-9_]{3,31})$/i.exec(text.replace(/^(https?:\/\/)?t\.me\//i, ''));
    const byMention = mention?.[1] ? byUsername.get(mention[1].toLowerCase()) : undefined;
    return byMention ?? byName.get(folded(text)) ?? undefined;
  };
}

/** 'оплачено' finds 'Оплачена', 'новый' finds 'Новая': a status named by its stem, as people write it. */
const stem = (text: string) => folded(text).replace(/(ая|ое|ые|ый|ий|а|о|ы|и)$/, '');

function nameLookup(list: Named[]) {
  const exact = new Map(list.map((item) => [folded(item.name), item]));
  const stems = new Map(list.map((item) => [stem(item.name), item]));
  return (text: string) =>
    exact.get(folded(text)) ??
    stems.get(stem(text)) ??
    // 'нативная' finds 'Нативная реклама'.
    (folded(text).length >= 4 ? list.find((item) => folded(item.name).startsWith(folded(text))) : undefined);
}

/** A lookup that finds each text once: a file names the same few channels, people and statuses on every row. */
function remembered<T>(find: (text: string) => T | undefined) {
  const found = new Map<string, T | undefined>();
  return (text: string) => {
    const known = found.get(text);
    if (known !== undefined || found.has(text)) return known;
    const record = find(text);
    found.set(text, record);
    return record;
  };
}

/** The readers of one file's rows: the lookups are built once, each row read with them. */
export function rowReader(context: RowContext) {
  const { kind, caller, mapping, refs, team } = context;
  const names = importFieldNames[kind];
  const findChannel = remembered(lookup(team.channels, (channel) => [channel.name]));
  const findPerson = remembered(
    lookup(
      team.people.map((person) => ({ ...person, name: `${person.firstName} ${person.secondName}`.trim() })),
      (person) => [person.name, `${person.secondName} ${person.firstName}`, person.firstName],
    ),
  );
  const statuses = refs.statuses[kind];
  const findStatus = remembered(nameLookup(statuses));
  const findFormat = remembered(nameLookup(refs.formats));
  const findType = remembered(nameLookup(refs.types));
  const seen = visibleChannels(caller.access);
  const statusList = statuses.map((status) => status.name).join(', ');

  return (cells: readonly ReadCell[]): RowResult => {
    const errors: string[] = [];
    const cellOf = (field: ImportField): ReadCell => {
      const index = mapping[field];
      return index === null || index === undefined ? null : (cells[index] ?? null);
    };
    /** The field's value, or undefined with its reason noted. */
    function read<T>(field: ImportField, reader: (cell: ReadCell) => Read<T> | null): T | null | undefined {
      const result = reader(cellOf(field));
      if (result === null) return null;
      if ('error' in result) {
        errors.push(`${names[field]}: ${result.error}`);
        return undefined;
      }
      return result.value;
    }
    const wrong = (field: ImportField, why: string) =>
      errors.push(`${names[field]}: «${cellText(cellOf(field)).slice(0, 60)}» — ${why}`);
    const text = (field: ImportField) => cellText(cellOf(field));

    const dealDay = read('dealDate', readDay);
    const placement = read('placement', readDateTime);
    const time = read('time', readTime);
    const day = dealDay ?? placement?.day;
    if (dealDay === null && placement === null) {
      errors.push(`Нет даты: заполните «${names.dealDate}» или «${names.placement}»`);
    }

    const channelText = text('channel');
    const found = channelText ? findChannel(channelText) : undefined;
    // A channel the caller has no role on is not theirs to see: named as missing, as a foreign id answers 404.
    const channel = found && (seen?.includes(found.id) ?? true) ? found : undefined;
    if (!channelText) errors.push(`${names.channel}: пусто`);
    else if (!channel) wrong('channel', 'нет такого канала в команде');
    else if (channel.archived) wrong('channel', 'канал в архиве: восстановите его, чтобы добавлять сделки');

    const personText = text('employee');
    const person = personText ? findPerson(personText) : undefined;
    if (personText && !person) wrong('employee', 'нет такого человека в команде');
    const employeeId = person ? person.id : caller.employeeId;
    const recordable = channel && !channel.archived && (person || !personText);
    if (recordable && !changesDeal(caller.access, kind, { channelId: channel.id, employeeId })) {
      if (employeeId === caller.employeeId) {
        wrong('channel', `у вас нет прав записывать сюда ${dealVocabulary[kind].words.title.toLowerCase()}`);
      } else {
        wrong('employee', 'записать сделку на другого человека может администратор канала');
      }
    }

    const price = read('price', readMoney);
    if (price === null) errors.push(`${names.price}: пусто`);
    const paidRead = read('paid', readPaid);
    const paid = paidRead === 'all' ? (price ?? 0) : (paidRead ?? 0);
    if (price !== null && price !== undefined && kopecksOf(paid) > kopecksOf(price)) {
      wrong('paid', 'больше стоимости');
    }
    const paidAt = read('paidAt', readDay);
    const dueDate = read('dueDate', readDay);

    const statusText = text('status');
    const status = statusText ? findStatus(statusText) : undefined;
    if (statusText && !status) wrong('status', `такого статуса нет (есть: ${statusList})`);

    const terms = placementTerms(text('format'));
    const format = terms.format ? findFormat(terms.format) : undefined;
    if (terms.error) wrong('format', terms.error);
    else if (terms.format && !format)
      wrong('format', `такого формата нет (есть: ${refs.formats.map((f) => f.name).join(', ')})`);
    const typeText = dealVocabulary[kind].hasAdvertisementType ? text('type') : '';
    const type = typeText ? findType(typeText) : undefined;
    if (typeText && !type)
      wrong('type', `такого типа нет (есть: ${refs.types.map((t) => t.name).join(', ')})`);

    const counterpart = read('counterpart', readCounterpart);
    const contact = read('contact', readCounterpart);
    const postText = text('postLink');
    const post = postText ? readPostLink(postText) : undefined;
    if (postText && !post) wrong('postLink', 'не ссылка на пост (https://t.me/канал/номер)');

    if (errors.length > 0 || !day || !channel || price === null || price === undefined)
      return { errors, deal: null };

    // A row without a status starts where a new deal does; paid in full, it moves on to 'Оплачена' as a payment of
    // the whole price moves a deal (deal-payment.service.ts).
    const paidStatus = refs.paid[kind];
    const given = status?.id ?? statuses[0]?.id;
    if (given === undefined) return { errors: ['Нет статусов сделок'], deal: null };
    const paidInFull = price > 0 && kopecksOf(paid) === kopecksOf(price);
    const statusId = paidStatus && paidInFull && paidStatus.before.has(given) ? paidStatus.status.id : given;
    const minutes = placement?.minutes ?? time ?? NO_TIME_MINUTES;
    const deal = (): RowDeal => {
      const placementAt = atWallTime(
        placement?.day ?? day,
        Math.floor(minutes / 60),
        minutes % 60,
        caller.timeZone,
      );
      const paidDay = paid > 0 ? (paidAt ?? day) : null;
      const personName = person ? person.name : null;
      return {
        values: {
          channelId: channel.id,
          employeeId,
          statusId,
          advertisementFormatId: format?.id ?? null,
          advertisementTypeId: type?.id ?? null,
          placementAt,
          durationType: terms.durationType,
          duration: terms.duration,
          hoursInTop: terms.hoursInTop,
          price: price.toFixed(2),
          dealDate: day,
          paymentDueDate: dueDate ?? null,
          postLink: post?.link ?? null,
        },
        counterpart: counterpart ?? null,
        contact: contact ?? null,
        payment: paidDay ? { amount: paid.toFixed(2), paidAt: paidDay } : null,
        preview: {
          dealDate: day,
          placementAt: isoInZone(placementAt, caller.timeZone),
          channel: channel.name,
          counterpart: counterpart ? counterpart.name || `@${counterpart.username}` : null,
          contact: contact ? contact.name || `@${contact.username}` : null,
          price,
          paid,
          paidAt: paidDay,
          dueDate: dueDate ?? null,
          status: refs.names.status.get(statusId) ?? '',
          format: format?.name ?? null,
          type: type?.name ?? null,
          employee: personName,
          postLink: post?.link ?? null,
        },
      };
    };
    return { errors, deal };
  };
}

type Terms = {
  format: string;
  durationType: 'INFINITY' | 'HOURS';
  duration: number | null;
  hoursInTop: number;
  error?: string;
};

/**
 * A format cell: a format's name and, as the field writes them, the hours in the top and in the feed ('Пост 1/24':
 * an hour in the top, a day in the feed; '2/48'; 'x/0' or 'без удаления' is never removed).
 */
function placementTerms(text: string): Terms {
  const hours = /(\d{1,4})\s*\/\s*(\d{1,5})/.exec(text);
  const forever = /без удаления|навсегда/i.exec(text);
  const format = text
    .replace(hours?.[0] ?? '', '')
    .replace(forever?.[0] ?? '', '')
    .replace(/[,;]+/g, ' ')
    .trim();
  if (!hours) return { format, durationType: 'INFINITY', duration: null, hoursInTop: 0 };
  const top = Number(hours[1]);
  const feed = Number(hours[2]);
  const terms: Terms = {
    format,
    durationType: feed === 0 ? 'INFINITY' : 'HOURS',
    duration: feed === 0 ? null : feed,
    hoursInTop: top,
  };
  if (top > dealNumberRules.hoursInTop.max) return { ...terms, error: 'больше 720 часов в топе' };
  if (feed > dealNumberRules.duration.max) return { ...terms, error: 'срок больше 10 000 часов' };
  return terms;
}
