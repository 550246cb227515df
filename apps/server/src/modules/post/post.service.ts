import { type DealKind, dealVocabulary, type Post, type PublicReport, readPostLink } from '@addesk/contract';
import type { Db } from '../../db/client.js';
import { AppError, notFound } from '../../lib/app-error.js';
import type { SessionCaller } from '../../lib/caller.js';
import { randomToken, sha256 } from '../../lib/tokens.js';
import { changesDeal, seesDeal } from '../access/index.js';
import { postsNear } from './channel-posts.repository.js';
import { latestCpm, nextCheckOf, postFacts } from './post.facts.js';
import { scheduleRead } from './post.jobs.js';
import * as repo from './post.repository.js';
import * as reports from './report-link.repository.js';

// A deal's post on the deal's screen (issue 36, docs/decisions/031): what was read of it, a reading now, the bot's
// posts to pick from, and the report link for the other side.

/** How far from the placement the bot's posts are offered to pick from. */
const CANDIDATES_WINDOW_MS = 12 * 60 * 60_000;

const REPORT_NOT_FOUND = 'Ссылка на отчёт недействительна или отозвана';

/** The live deal the caller sees (404 otherwise) and, for `change`, may change (403 otherwise). */
async function dealPost(db: Db, caller: SessionCaller, kind: DealKind, id: number, need: 'see' | 'change') {
  const row = await repo.findDealPost(db, caller.teamId, kind, id);
  if (!row || !seesDeal(caller.access, kind, row)) throw notFound(dealVocabulary[kind].words.notFound);
  if (need === 'change' && !changesDeal(caller.access, kind, row))
    throw new AppError('FORBIDDEN', 'Ссылку на отчёт создаёт тот, кто может менять сделку');
  return row;
}

/** The row's facts, for the deal's current link only (a row of an earlier link is nothing read). */
async function factsOf(db: Db, row: repo.DealPostRow) {
  const current = row.rowLink !== null && row.rowLink === row.link;
  const views = current ? await repo.viewsOf(db, row.teamId, row.dealId) : [];
  const readings = {
    publishedAt: current ? row.publishedAt : null,
    displacedAt: current ? row.displacedAt : null,
    deletedAt: current ? row.deletedAt : null,
    checkedAt: current ? row.checkedAt : null,
    seenAt: current ? row.seenAt : null,
    refreshAt: current ? row.refreshAt : null,
    editedAt: current ? row.editedAt : null,
  };
  return { current, views, readings, facts: postFacts(row.link, row, readings, views) };
}

export async function getPost(db: Db, caller: SessionCaller, kind: DealKind, id: number): Promise<Post> {
  const row = await dealPost(db, caller, kind, id, 'see');
  const { current, views, readings, facts } = await factsOf(db, row);
  return {
    ...facts,
    text: current ? row.text : null,
    cpm: latestCpm(Number(row.price), views),
    costPerSubscriber: row.costPerSubscriber === null ? null : Number(row.costPerSubscriber),
    foundByBot: current && row.foundByBot,
    nextCheckAt: row.link ? (nextCheckOf(row, readings)?.toISOString() ?? null) : null,
    reportShared: await reports.reportShared(db, caller.teamId, id),
  };
}

/**
 * 'Обновить': reads the post as soon as its channel's page may be read again (at once, or after the channel's pause);
 * answers when. Anyone who sees the deal may ask: a reading changes nothing but what is known.
 */
export async function refreshPost(db: Db, caller: SessionCaller, kind: DealKind, id: number, now: Date) {
  return db.transaction(async (tx) => {
    const row = await dealPost(tx, caller, kind, id, 'see');
    const address = row.link ? readPostLink(row.link) : undefined;
    if (!row.link || !address)
      throw new AppError('VALIDATION_ERROR', 'Сначала укажите ссылку на пост', {
        postLink: ['Сначала укажите ссылку на пост'],
      });
    await repo.startPost(tx, caller.teamId, id, row.link);
    await repo.askRefresh(tx, caller.teamId, id, now);
    const checkAt = await scheduleRead(tx, address.username.toLowerCase(), now);
    return { checkAt: checkAt.toISOString() };
  });
}

/** Our channel's posts the bot saw near a sale's placement, to pick the sale's post from. */
export async function postCandidates(db: Db, caller: SessionCaller, id: number) {
  const row = await dealPost(db, caller, 'sale', id, 'see');
  const posts = await postsNear(db, caller.teamId, row.channelId, row.placementAt, CANDIDATES_WINDOW_MS);
  return posts.map((post) => ({
    link: `https://t.me/${post.username}/${post.messageId}`,
    publishedAt: post.postedAt.toISOString(),
    text: post.text,
  }));
}

/** A new public report link of the deal (an earlier one stops working); the token is shown once, only its hash kept. */
export async function createReportLink(
  db: Db,
  caller: SessionCaller,
  kind: DealKind,
  id: number,
  publicUrl: string,
) {
  await dealPost(db, caller, kind, id, 'change');
  const token = randomToken();
  await reports.replaceReportLink(db, caller.teamId, id, sha256(token));
  return { url: `${publicUrl}/r/${token}` };
}

export async function revokeReportLink(db: Db, caller: SessionCaller, kind: DealKind, id: number) {
  await dealPost(db, caller, kind, id, 'change');
  await reports.deleteReportLink(db, caller.teamId, id);
}

/** The public page's data: our channel, the post and whether the terms were kept; nothing else of the team. */
export async function publicReport(db: Db, token: string): Promise<PublicReport> {
  const link = await reports.reportDeal(db, sha256(token));
  const row = link && (await repo.findDealPost(db, link.teamId, link.kind, link.dealId));
  if (!link || !row) throw notFound(REPORT_NOT_FOUND);
  const { facts } = await factsOf(db, row);
  // Where the post went out: our channel for a sale; for a purchase the seller's, which its link names.
  const seller = row.link ? readPostLink(row.link)?.username : undefined;
  const channel =
    link.kind === 'sale' || !seller
      ? { name: row.channelName, username: row.channelUsername }
      : { name: row.externalName ?? `@${seller}`, username: seller };
  return {
    ...facts,
    kind: link.kind,
    channel,
    placementAt: row.placementAt.toISOString(),
  };
}
