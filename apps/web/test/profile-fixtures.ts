import { type CurrentTariff, paidTariffs, type Referral, type UserSettings } from '@addesk/contract';
import { toast } from 'sonner';
import { afterEach } from 'vitest';
import { demoUser, type FakeHandler, installFakeApi } from './fake-api';

// sonner keeps its toasts in a module-wide store and replays the active ones to the next test's Toaster.
afterEach(() => {
  toast.dismiss();
});

/** Shared answers of the profile, tariff, referral and support screens' tests. */

export const SUPPORT_URL = 'https://t.me/addesk_support';

export const allOn = {
  notifyPosting: true,
  notifyStatistics: true,
  notifyEmployees: true,
  notifySubscription: true,
  notifyReferral: true,
  botEnabled: true,
  calendarSync: false,
  timeZone: 'Europe/Moscow',
  minGapMinutes: 60,
  isMaster: true,
  notifyPayments: true,
  remindMinutesBefore: 60,
  telegram: { available: true, linked: false, username: null },
} satisfies UserSettings;

export const noTariff = {
  tariff: null,
  startsAt: null,
  endsAt: null,
  channelLimit: 1,
  channelsUsed: 1,
  trialAvailable: true,
} satisfies CurrentTariff;

// 09:00 UTC is 12:00 in Moscow: the same date either way.
export const onTrial = {
  tariff: { id: 'trial', name: 'Пробный', channels: 10 },
  startsAt: '2025-03-01T09:00:00.000Z',
  endsAt: '2025-04-01T09:00:00.000Z',
  channelLimit: 10,
  channelsUsed: 4,
  trialAvailable: false,
} satisfies CurrentTariff;

export const onSetka = {
  tariff: { id: 'setka-10', name: 'СЕТКА 10', channels: 10 },
  startsAt: '2025-03-01T09:00:00.000Z',
  endsAt: '2025-09-01T09:00:00.000Z',
  channelLimit: 10,
  channelsUsed: 2,
  trialAvailable: false,
} satisfies CurrentTariff;

export const myReferral = {
  code: 'ab12cd34',
  link: 'http://localhost:3000/auth?ref=ab12cd34',
  invited: 3,
  rewarded: 1,
} satisfies Referral;

export const conflict = (message: string) => ({ status: 409, body: { code: 'CONFLICT', message } });

/** A signed-in demo user with every profile endpoint answering; `overrides` replace single endpoints. */
export function profileApi(overrides: Record<string, FakeHandler> = {}) {
  return installFakeApi({
    'GET /api/employee': { body: demoUser },
    'GET /api/tariff': { body: paidTariffs },
    'GET /api/tariff/current': { body: noTariff },
    'GET /api/settings': { body: allOn },
    'GET /api/referral': { body: myReferral },
    'GET /api/support': { body: { url: SUPPORT_URL } },
    'GET /api/telegram/bot': { body: { username: 'addesk_bot' } },
    'GET /api/profile/accounts': { body: [{ provider: 'google', since: '2026-01-10T10:00:00.000Z' }] },
    'GET /api/auth/providers': { body: { google: true, yandex: true, telegram: false, demo: true } },
    ...overrides,
  });
}

/** Compare texts with any kind of space as a plain one ('899 руб/мес'). */
export const plain = (text: string | null | undefined) => (text ?? '').replace(/\s/g, ' ');
