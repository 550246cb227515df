import type { DealKind, DealMarking, MarkingState, OrdWork } from '@addesk/contract';
import type { MarkingContract, MarkingCreative, MarkingParty } from '../../db/schema/index.js';

// Where a deal's marking stands and what it lacks (issue 35): pure, from what was saved and what the team and the deal
// already know. One rule for the card, the month's list and (later) the registration with an ОРД.

export type SavedMarking = {
  registeredBy: 'us' | 'counterpart' | 'not_required' | null;
  reason: string | null;
  erid: string | null;
  advertiser: MarkingParty;
  seller: MarkingParty;
  contract: MarkingContract;
  creative: MarkingCreative;
  erirStatus: string | null;
  registration: OrdWork | null;
};

/** What else decides the state: our own details are set, the post is out. */
export type MarkingContext = { kind: DealKind; teamLegalSet: boolean; postLink: string | null };

const partyMissing = (party: MarkingParty, role: string) => [
  ...(party.name ? [] : [`${role}: название`]),
  ...(party.inn ? [] : [`${role}: ИНН`]),
];
const advertiserMissing = (party: MarkingParty) => partyMissing(party, 'Рекламодатель');

/** Everything an ОРД needs before it issues an erid, when we register the ad ourselves. */
function registrationMissing(saved: SavedMarking, context: MarkingContext) {
  const { advertiser, contract, creative } = saved;
  return [
    ...(context.teamLegalSet ? [] : ['Юридические данные команды (Настройки → Юридические данные)']),
    ...(advertiser.type ? [] : ['Рекламодатель: юрлицо, ИП или физлицо']),
    ...advertiserMissing(advertiser),
    // A purchase's contract is with the seller: the ОРД registers them as its other party.
    ...(context.kind === 'purchase'
      ? [
          ...(saved.seller.type ? [] : ['Продавец: юрлицо, ИП или физлицо']),
          ...partyMissing(saved.seller, 'Продавец'),
        ]
      : []),
    ...(contract.number ? [] : ['Договор: номер']),
    ...(contract.date ? [] : ['Договор: дата']),
    ...(contract.type ? [] : ['Договор: тип']),
    ...(contract.subject ? [] : ['Договор: предмет']),
    ...(contract.amount === undefined ? ['Договор: сумма'] : []),
    ...(creative.form ? [] : ['Креатив: форма']),
    ...(creative.text ? [] : ['Креатив: текст поста']),
    ...(creative.kktu ? [] : ['Креатив: код ККТУ']),
  ];
}

export function missingOf(saved: SavedMarking, context: MarkingContext): string[] {
  switch (saved.registeredBy) {
    case null:
      return ['Кто регистрирует рекламу'];
    case 'not_required':
      return saved.reason ? [] : ['Причина, почему маркировка не нужна'];
    case 'counterpart':
      return [...(saved.erid ? [] : ['erid от контрагента']), ...advertiserMissing(saved.advertiser)];
    case 'us':
      return registrationMissing(saved, context);
  }
}

export function stateOf(
  saved: SavedMarking,
  missing: readonly string[],
  context: MarkingContext,
): MarkingState {
  if (saved.registeredBy === 'not_required') return missing.length === 0 ? 'not_required' : 'no_data';
  if (saved.erid) return context.postLink ? 'published' : 'erid_received';
  return saved.registeredBy === 'us' && missing.length === 0 ? 'ready' : 'no_data';
}

/** 'Реклама. ООО «Ромашка», ИНН 7707083893. erid: 2Vtzqx…': what the post must carry, once there is an erid. */
export function markerOf(saved: SavedMarking) {
  if (!saved.erid) return null;
  const who = [saved.advertiser.name, saved.advertiser.inn && `ИНН ${saved.advertiser.inn}`].filter(Boolean);
  return `Реклама.${who.length > 0 ? ` ${who.join(', ')}.` : ''} erid: ${saved.erid}`;
}

/** The creative's links with the erid in their query (`?erid=`), as the law asks of every link of the post. */
export function linksOf(saved: SavedMarking) {
  const { erid } = saved;
  if (!erid) return [];
  return (saved.creative.urls ?? []).map((link) => {
    const url = new URL(link);
    url.searchParams.set('erid', erid);
    return url.toString();
  });
}

/** The marking as the API shows it. */
export function presentMarking(saved: SavedMarking, context: MarkingContext): DealMarking {
  const missing = missingOf(saved, context);
  const { advertiser, seller, contract, creative } = saved;
  const party = (p: MarkingParty) => ({ type: p.type ?? null, name: p.name ?? null, inn: p.inn ?? null });
  return {
    registeredBy: saved.registeredBy,
    reason: saved.reason,
    erid: saved.erid,
    advertiser: party(advertiser),
    seller: party(seller),
    contract: {
      number: contract.number ?? null,
      date: contract.date ?? null,
      type: contract.type ?? null,
      subject: contract.subject ?? null,
      amount: contract.amount ?? null,
      vatIncluded: contract.vatIncluded ?? false,
    },
    creative: {
      form: creative.form ?? null,
      text: creative.text ?? null,
      urls: creative.urls ?? [],
      kktu: creative.kktu ?? null,
    },
    state: stateOf(saved, missing, context),
    missing,
    marker: markerOf(saved),
    links: linksOf(saved),
    erirStatus: saved.erirStatus,
    registration: saved.registration,
  };
}
