import type { Job } from '../../jobs/queue.js';
import { OrdError } from '../ord/index.js';
import * as markingRepo from './deal-marking.repository.js';
import { savedOf } from './deal-marking.service.js';
import { type RegistrationInput, registrationSteps } from './deal-registration.facts.js';
import * as repo from './deal-registration.repository.js';
import { REGISTER, type RegisterPayload } from './deal-registration.service.js';
import { findTeamLegal } from './legal.repository.js';
import { ordClientForTeam } from './ord-account.service.js';

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
      await repo.noteRegistration(db, teamId, dealId, 'failed', 'Сначала добавьте ключ API ОРД в настройках');
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

export const registrationJobs = [registerJob];
