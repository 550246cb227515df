import type { DealKind } from '@addesk/contract';
import type { Db } from '../../db/client.js';
import { enqueue } from '../../jobs/queue.js';
import { AppError } from '../../lib/app-error.js';
import type { SessionCaller } from '../../lib/caller.js';
import { dealOf, present } from './deal-marking.service.js';
import * as repo from './deal-registration.repository.js';
import { hasOrdKey, NO_ORD_KEY } from './ord-account.service.js';

// Registering a deal's ad with the team's ОРД (issue 35): the request only queues it; the job (deal-registration.jobs)
// sends the steps and puts the erid on the deal's marking when the ОРД answers.

export const REGISTER = 'marking.register';
export type RegisterPayload = { teamId: number; kind: DealKind; dealId: number };

export function registerDeal(db: Db, caller: SessionCaller, kind: DealKind, id: number) {
  return db.transaction(async (tx) => {
    const marking = present(kind, await dealOf(tx, caller, kind, id, 'change'));
    if (marking.erid)
      throw new AppError('VALIDATION_ERROR', 'erid уже получен: регистрировать заново не нужно');
    if (marking.registration?.status !== 'queued') {
      if (marking.registeredBy !== 'us' || marking.state !== 'ready')
        throw new AppError(
          'VALIDATION_ERROR',
          marking.registeredBy === 'us'
            ? `Не хватает данных: ${marking.missing.join(', ')}`
            : 'В ОРД регистрирует тот, кто выбрал «Мы»',
        );
      if (!(await hasOrdKey(tx, caller.teamId))) throw new AppError('VALIDATION_ERROR', NO_ORD_KEY);
      if (await repo.markQueued(tx, caller.teamId, id)) {
        const payload: RegisterPayload = { teamId: caller.teamId, kind, dealId: id };
        // One job per request that queued it: a repeat after a failure is a new job, a double click is not.
        await enqueue(tx, {
          kind: REGISTER,
          key: `${caller.teamId}:${id}:${Date.now()}:${Math.random().toString(36).slice(2)}`,
          payload,
          teamId: caller.teamId,
        });
      }
    }
    return { registration: { status: 'queued' as const, message: null } };
  });
}
