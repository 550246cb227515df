import type { Db } from '../../db/client.js';
import { enqueue, type Job } from '../../jobs/queue.js';
import { OrdError } from '../ord/index.js';
import * as markingRepo from './deal-marking.repository.js';
import { savedOf } from './deal-marking.service.js';
import { type RegistrationInput, registrationSteps } from './deal-registration.facts.js';
import * as repo from './deal-registration.repository.js';
import { REGISTER, type RegisterPayload } from './deal-registration.service.js';
import { findTeamLegal } from './legal.repository.js';
import { NO_ORD_KEY, ordClientForTeam } from './ord-account.service.js';
import { creativeExternalId } from './ord-ids.js';

/**
 * Sends a queued registration step by step (person, person, contract, pad, creative), recording each the ОРД accepted:
 * a retry after the ОРД failed sends only the rest, so nothing goes twice. The ОРД's PUTs are by our external ids, so
 * even a step sent again (a crash between its answer and its record) changes nothing there. A refused key or a refused
 * body fails at once with the ОРД's words; an ОРД that does not answer is tried again by the queue (its backoff), and
 * on the queue's last try the user is told.
 */
const GAVE_UP = 'ОРД не ответил после нескольких попыток — повторите позже';

const registerJob: Job<RegisterPayload> = {
  kind: REGISTER,
  async run(ctx, { teamId, kind, dealId }) {
    const { db } = ctx;
    const row = await markingRepo.findDealMarking(db, teamId, kind, dealId);
    // Deleted, or no longer waiting: done, or failed and not asked again.
    if (row?.registration !== 'queued') return;
    const client = await ordClientForTeam(db, ctx.config, teamId);
    if (!client) {
      await repo.noteRegistration(db, teamId, dealId, 'failed', NO_ORD_KEY);
      return;
    }
    const [team, place] = await Promise.all([
      findTeamLegal(db, teamId),
      repo.findDealPlace(db, teamId, dealId),
    ]);
    if (!team || !place) {
      await repo.noteRegistration(db, teamId, dealId, 'failed', 'Нет юридических данных команды');
      return;
    }
    const input: RegistrationInput = {
      teamId,
      kind,
      dealId,
      marking: savedOf(kind, row),
      team: team,
      deal: place,
      pad:
        kind === 'purchase' && place.externalName !== null
          ? { name: place.externalName, username: place.externalUsername }
          : { name: place.channelName, username: place.channelUsername },
    };
    const done = new Set(row.registrationSteps);
    try {
      for (const step of registrationSteps(input)) {
        if (done.has(step.name)) continue;
        if (step.name === 'creative') {
          const { erid } = await client.putCreative(step.externalId, step.body);
          await repo.finishRegistration(db, teamId, dealId, erid);
          await askErir(db, { teamId, kind, dealId, round: 1 }, ctx.now());
          return;
        }
        if (step.name === 'contract') await client.putContract(step.externalId, step.body);
        else if (step.name === 'pad') await client.putPad(step.externalId, step.body);
        else await client.putPerson(step.externalId, step.body);
        await repo.recordStep(db, teamId, dealId, step.name);
      }
    } catch (error) {
      if (!(error instanceof OrdError)) throw error;
      if (error.kind !== 'unavailable') {
        await repo.noteRegistration(db, teamId, dealId, 'failed', error.message);
        return;
      }
      if (ctx.lastAttempt) {
        await repo.noteRegistration(db, teamId, dealId, 'failed', GAVE_UP);
        return;
      }
      await repo.noteRegistration(db, teamId, dealId, 'queued', error.message);
      throw error;
    }
  },
};

// ЕРИР's verdict on a registered creative (issue 35): the ОРД passes it on to ЕРИР, which answers within minutes to
// hours. Asked 10 minutes after the erid came, then hourly while it is processing, for a day at most; shown on the
// card and in the month as the ОРД words it, in Russian.

const ERIR = 'marking.erir';
const ERIR_FIRST_MS = 10 * 60_000;
const ERIR_AGAIN_MS = 60 * 60_000;
const ERIR_ROUNDS = 24;
type ErirPayload = RegisterPayload & { round: number };

const erirWords: Record<string, string> = {
  processing: 'в обработке',
  verified: 'принят',
  bad: 'отклонён',
};

function askErir(db: Db, payload: ErirPayload, now: Date) {
  const wait = payload.round === 1 ? ERIR_FIRST_MS : ERIR_AGAIN_MS;
  return enqueue(db, {
    kind: ERIR,
    key: `${payload.teamId}:${payload.dealId}:${now.getTime()}:${payload.round}`,
    payload,
    teamId: payload.teamId,
    runAt: new Date(now.getTime() + wait),
  });
}

const erirJob: Job<ErirPayload> = {
  kind: ERIR,
  async run(ctx, payload) {
    const { db } = ctx;
    const client = await ordClientForTeam(db, ctx.config, payload.teamId);
    if (!client) return;
    let verdict: { status: string; messages: string[] };
    try {
      verdict = await client.erirStatus('creative', creativeExternalId(payload.teamId, payload.dealId));
    } catch (error) {
      // A refused key or an unknown creative will not change by asking again; a silent ОРД is asked later.
      if (error instanceof OrdError && error.kind !== 'unavailable') return;
      throw error;
    }
    const { status, messages } = verdict;
    const words = erirWords[status] ?? status;
    await repo.saveErirStatus(
      db,
      payload.teamId,
      payload.dealId,
      messages.length > 0 ? `${words}: ${messages.join('; ')}` : words,
    );
    if (status === 'processing' && payload.round < ERIR_ROUNDS)
      await askErir(db, { ...payload, round: payload.round + 1 }, ctx.now());
  },
};

export const registrationJobs = [registerJob, erirJob];
