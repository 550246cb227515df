import type { DealKind } from './deal-kinds.js';
import type { MarkingRegistrar } from './legal.js';

// What a deal's marking needs before it is complete (issue 35), as data: the server's card lists what is missing by it
// (deal-marking.facts.ts) and the database computes each marking's completeness from it (deal_markings' generated
// columns, db/schema/marking.ts), so the month's counts and each card cannot disagree.

/**
 * One thing a marking needs, by where it lives: a field of one of the JSON parts, a column of the marking, or a fact of
 * the context; `kinds` limits it to one kind of deal.
 */
export type MarkingNeed = { label: string; kinds?: readonly DealKind[] } & (
  | { part: 'advertiser' | 'seller' | 'contract' | 'creative'; field: string }
  | { column: 'registeredBy' | 'erid' | 'reason' }
  | { context: 'teamLegalSet' }
);

const partyNeeds = (
  part: 'advertiser' | 'seller',
  role: string,
  kinds?: readonly DealKind[],
): MarkingNeed[] => [
  { label: `${role}: название`, part, field: 'name', ...(kinds && { kinds }) },
  { label: `${role}: ИНН`, part, field: 'inn', ...(kinds && { kinds }) },
];
const typeNeed = (part: 'advertiser' | 'seller', role: string, kinds?: readonly DealKind[]): MarkingNeed => ({
  label: `${role}: юрлицо, ИП или физлицо`,
  part,
  field: 'type',
  ...(kinds && { kinds }),
});

/** What each way of registering needs, in the order the card lists what is missing. */
export const markingNeeds: Record<MarkingRegistrar | 'none', readonly MarkingNeed[]> = {
  none: [{ label: 'Кто регистрирует рекламу', column: 'registeredBy' }],
  not_required: [{ label: 'Причина, почему маркировка не нужна', column: 'reason' }],
  counterpart: [
    { label: 'erid от контрагента', column: 'erid' },
    ...partyNeeds('advertiser', 'Рекламодатель'),
  ],
  // Everything an ОРД needs before it issues an erid, when we register the ad ourselves.
  us: [
    { label: 'Юридические данные команды (Настройки → Юридические данные)', context: 'teamLegalSet' },
    typeNeed('advertiser', 'Рекламодатель'),
    ...partyNeeds('advertiser', 'Рекламодатель'),
    // A purchase's contract is with the seller: the ОРД registers them as its other party.
    typeNeed('seller', 'Продавец', ['purchase']),
    ...partyNeeds('seller', 'Продавец', ['purchase']),
    { label: 'Договор: номер', part: 'contract', field: 'number' },
    { label: 'Договор: дата', part: 'contract', field: 'date' },
    { label: 'Договор: тип', part: 'contract', field: 'type' },
    { label: 'Договор: предмет', part: 'contract', field: 'subject' },
    { label: 'Договор: сумма', part: 'contract', field: 'amount' },
    { label: 'Креатив: форма', part: 'creative', field: 'form' },
    { label: 'Креатив: текст поста', part: 'creative', field: 'text' },
    { label: 'Креатив: код ККТУ', part: 'creative', field: 'kktu' },
  ],
};
