import {
  type CurrentTariff,
  isPaidTariff,
  NO_TARIFF_CHANNELS,
  type PaidTariffId,
  paidTariffs,
  REFERRAL_BONUS_DAYS,
  TARIFF_ACTIVE,
  TRIAL,
  TRIAL_USED,
} from '@addesk/contract';
import type { Db } from '../../db/client.js';
import { lockTeam } from '../../db/locks.js';
import { AppError } from '../../lib/app-error.js';
import type { Caller } from '../../lib/caller.js';
import { addDays, addMonths } from '../../lib/dates.js';
import { takeUnpaidReferral } from '../referral/referral.service.js';
import { countChannels } from '../team/index.js';
import * as repo from './tariff.repository.js';

const describe = (id: repo.Subscription['tariff']) => {
  if (id === 'trial') return { id, name: TRIAL.name, channels: TRIAL.channels };
  const paid = paidTariffs.find((t) => t.id === id);
  if (!paid) throw new Error(`unknown tariff ${id}`);
  return { id, name: paid.name, channels: paid.channels };
};

/** How many channels a team may have now: its current tariff's, or one without a tariff (decisions D3). */
export async function channelLimit(db: Db, teamId: number): Promise<number> {
  const current = await repo.currentSubscription(db, teamId, new Date());
  return current ? describe(current.tariff).channels : NO_TARIFF_CHANNELS;
}

export async function getCurrentTariff(db: Db, caller: Caller): Promise<CurrentTariff> {
  const [current, trialUsed, channelsUsed] = await Promise.all([
    repo.currentSubscription(db, caller.teamId, new Date()),
    repo.hasSubscriptionFrom(db, caller.teamId, 'trial'),
    countChannels(db, caller.teamId),
  ]);
  const tariff = current ? describe(current.tariff) : null;
  return {
    tariff,
    startsAt: current?.startsAt.toISOString() ?? null,
    endsAt: current?.endsAt.toISOString() ?? null,
    channelLimit: tariff?.channels ?? NO_TARIFF_CHANNELS,
    channelsUsed,
    trialAvailable: !trialUsed && !current,
  };
}

/** The one trial of an account: a month of 10 channels, not over a tariff that is still running. */
export async function startTrial(db: Db, caller: Caller): Promise<CurrentTariff> {
  await db.transaction(async (tx) => {
    await lockTeam(tx, caller.teamId);
    if (await repo.hasSubscriptionFrom(tx, caller.teamId, 'trial'))
      throw new AppError('CONFLICT', TRIAL_USED);
    const now = new Date();
    if (await repo.currentSubscription(tx, caller.teamId, now)) throw new AppError('CONFLICT', TARIFF_ACTIVE);
    await repo.insertSubscription(tx, {
      teamId: caller.teamId,
      employeeId: caller.employeeId,
      tariff: 'trial',
      source: 'trial',
      startsAt: now,
      endsAt: addMonths(now, TRIAL.months),
    });
  });
  return getCurrentTariff(db, caller);
}

/** Extends the team's running tariff, or gives days of its last one (the trial's terms if it never had one). */
async function extendBy(db: Db, member: Caller, days: number) {
  await lockTeam(db, member.teamId);
  const now = new Date();
  const current = await repo.currentSubscription(db, member.teamId, now);
  if (current) {
    await repo.setSubscriptionEnd(db, member.teamId, current.id, addDays(current.endsAt, days));
    return;
  }
  const last = await repo.latestSubscription(db, member.teamId);
  await repo.insertSubscription(db, {
    teamId: member.teamId,
    employeeId: member.employeeId,
    tariff: last?.tariff ?? 'trial',
    source: 'referral',
    startsAt: now,
    endsAt: addDays(now, days),
  });
}

/**
 * An operator's grant of a paid tariff (payment is out of scope): it starts now and replaces the running period.
 * A team's first paid tariff pays its referrer: 7 more days of theirs. One transaction.
 */
export async function grantTariff(db: Db, member: Caller, tariffId: PaidTariffId, months?: number) {
  if (!isPaidTariff(tariffId)) throw new AppError('VALIDATION_ERROR', `Неизвестный тариф ${tariffId}`);
  const tariff = paidTariffs.find((t) => t.id === tariffId);
  if (!tariff) throw new AppError('VALIDATION_ERROR', `Неизвестный тариф ${tariffId}`);
  return db.transaction(async (tx) => {
    await lockTeam(tx, member.teamId);
    const now = new Date();
    const firstPaid = !(await repo.hasSubscriptionFrom(tx, member.teamId, 'grant'));
    const current = await repo.currentSubscription(tx, member.teamId, now);
    if (current) await repo.setSubscriptionEnd(tx, member.teamId, current.id, now);
    const endsAt = addMonths(now, months ?? tariff.months);
    await repo.insertSubscription(tx, {
      teamId: member.teamId,
      employeeId: member.employeeId,
      tariff: tariffId,
      source: 'grant',
      startsAt: now,
      endsAt,
    });
    const referral = firstPaid ? await takeUnpaidReferral(tx, member.teamId) : undefined;
    if (referral) await extendBy(tx, referral, REFERRAL_BONUS_DAYS);
    return { endsAt, referrerRewarded: referral !== undefined };
  });
}

/** The team's latest tariff period, for the calendar's 'Подписка заканчивается'. */
export const latestSubscription = repo.latestSubscription;
