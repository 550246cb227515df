import {
  type DealKind,
  type DealMarking,
  type MarkingNeed,
  type MarkingState,
  markingNeeds,
  type OrdWork,
} from '@addesk/contract';
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

/**
 * What else decides the state: the deal's kind, our own details are set, the post is out, and how far the month's
 * report went (`marking_reports`: the statistics and the act accepted by the ОРД).
 */
export type MarkingContext = {
  kind: DealKind;
  teamLegalSet: boolean;
  postLink: string | null;
  statisticsSent: boolean;
  actSent: boolean;
};

/** Given: neither absent nor empty (the parts' JSON keeps no empty keys; a sum of 0 is given). */
const given = (value: unknown) => value !== undefined && value !== null && value !== '';

function has(need: MarkingNeed, saved: SavedMarking, context: MarkingContext) {
  if ('context' in need) return context[need.context];
  if ('column' in need) return given(saved[need.column]);
  return given((saved[need.part] as Record<string, unknown>)[need.field]);
}

/** The needs of a deal of this kind registered this way (none chosen yet: who registers it). */
export const needsOf = (registeredBy: SavedMarking['registeredBy'], kind: DealKind) =>
  markingNeeds[registeredBy ?? 'none'].filter((need) => !need.kinds || need.kinds.includes(kind));

export function missingOf(saved: SavedMarking, context: MarkingContext): string[] {
  return needsOf(saved.registeredBy, context.kind)
    .filter((need) => !has(need, saved, context))
    .map((need) => need.label);
}

export function stateOf(
  saved: SavedMarking,
  missing: readonly string[],
  context: MarkingContext,
): MarkingState {
  if (saved.registeredBy === 'not_required') return missing.length === 0 ? 'not_required' : 'no_data';
  if (saved.erid) {
    // The month's report, as the ОРД accepted it: the act is the last of the paperwork.
    if (context.actSent) return 'act_sent';
    if (context.statisticsSent) return 'statistics_sent';
    return context.postLink ? 'published' : 'erid_received';
  }
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
