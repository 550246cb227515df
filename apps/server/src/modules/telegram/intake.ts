import { createHmac, randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { Api } from 'grammy';
import type { Update } from 'grammy/types';
import type { Db } from '../../db/client.js';
import { botPolling } from '../../db/schema/index.js';
import type { Config } from '../../env.js';

/**
 * What the bot asks Telegram for: private messages, its own membership changes, joins and leaves of channels, and the
 * posts of channels it administers (a sale's post found, and edited).
 */
export const ALLOWED_UPDATES = [
  'message',
  'my_chat_member',
  'chat_member',
  'channel_post',
  'edited_channel_post',
] as const;

/**
 * Where received updates go, in the caller's transaction (the wiring's job queue): the adapter receives, it does not
 * know what an update means.
 */
export type StoreUpdates = (db: Db, updates: readonly Update[]) => Promise<void>;

/** How long one getUpdates waits for an update when none is queued (Telegram allows up to 50 s). */
export const LONG_POLL_SECONDS = 25;
/** How long the polling lease lasts unless renewed; each round renews it, so it outlives a long poll. */
export const POLLING_LEASE_MS = 60_000;
/** The wait while another process polls, before trying for the lease again. */
const LEASE_RETRY_MS = 5000;
/** The wait after Telegram or the database failed: 1 s, doubling to 30 s while it keeps failing. */
const failureDelayMs = (failures: number) => Math.min(1000 * 2 ** (failures - 1), 30_000);

export type BotIntake = {
  /** Whether updates come by webhook (TELEGRAM_WEBHOOK=1 with an https PUBLIC_URL) rather than long polling. */
  webhook: boolean;
  /** The secret Telegram sends in X-Telegram-Bot-Api-Secret-Token: the setting, or one derived from the token. */
  webhookSecret: string;
  /** One getUpdates round now, without waiting: stores the updates, then acknowledges them; answers how many. */
  receiveUpdates(): Promise<number>;
  /** Sets the webhook, or removes it and starts long polling. */
  start(): void;
  /** Stops polling (aborting a long poll), and gives the lease up so another process takes over at once. */
  stop(): Promise<void>;
};

type IntakeOptions = {
  db: Db;
  config: Config;
  log: FastifyBaseLogger;
  clock: () => Date;
  api: Api;
  store: StoreUpdates;
};

/**
 * The bot's updates in (decisions 019). Long polling by default: one process at a time holds the `bot_polling`
 * lease and polls; each batch is stored as jobs with the next offset in one transaction before the next getUpdates
 * acknowledges it, so a crash loses no update and a repeat is refused by the jobs' key. With a webhook, the route
 * stores each update the same way before answering 200.
 */
export function createBotIntake({ db, config, log, clock, api, store }: IntakeOptions): BotIntake {
  const token = api.token;
  // A token starts with its bot's id: the polling state of each bot is its own.
  const botId = Number(token.split(':')[0]);
  const holder = randomUUID();
  const webhook = config.bot.webhook && config.publicUrl.startsWith('https://');
  if (config.bot.webhook && !webhook) {
    log.warn('TELEGRAM_WEBHOOK=1 needs an https PUBLIC_URL: updates come by long polling instead');
  }
  const webhookSecret =
    config.bot.webhookSecret ?? createHmac('sha256', token).update('addesk telegram webhook').digest('hex');
  // The app's client times out after TELEGRAM_TIMEOUT_MS; a long poll waits longer by design.
  const pollingApi = new Api(token, {
    apiRoot: config.telegram.apiRoot,
    timeoutSeconds: LONG_POLL_SECONDS + 10,
  });

  /** Takes or renews the lease; answers the offset to poll from, or undefined while another process holds it. */
  async function takeLease() {
    const now = clock();
    const until = new Date(now.getTime() + POLLING_LEASE_MS);
    const [row] = await db
      .insert(botPolling)
      .values({ botId, holder, leaseUntil: until })
      .onConflictDoUpdate({
        target: botPolling.botId,
        set: { holder, leaseUntil: until },
        setWhere: sql`${botPolling.holder} = ${holder} or ${botPolling.leaseUntil} is null
          or ${botPolling.leaseUntil} < ${now.toISOString()}::timestamptz`,
      })
      .returning({ nextOffset: botPolling.nextOffset });
    return row?.nextOffset;
  }

  async function poll(timeout: number, signal?: AbortSignal) {
    const offset = await takeLease();
    if (offset === undefined) return undefined;
    const updates = await pollingApi.getUpdates(
      { offset, timeout, limit: 100, allowed_updates: [...ALLOWED_UPDATES] },
      // grammY types its signal with the abort-controller shim's class; Node's own is what it uses at run time.
      signal as Parameters<Api['getUpdates']>[1],
    );
    const last = updates.at(-1);
    if (!last) return 0;
    await db.transaction(async (tx) => {
      await store(tx, updates);
      // Never backwards: a process whose lease lapsed mid-poll may store a batch the next holder already moved past.
      await tx
        .update(botPolling)
        .set({ nextOffset: sql`greatest(${botPolling.nextOffset}, ${last.update_id + 1})` })
        .where(eq(botPolling.botId, botId));
    });
    return updates.length;
  }

  let stopped = false;
  let running: Promise<void> | undefined;
  const abort = new AbortController();
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      abort.signal.addEventListener('abort', () => {
        clearTimeout(timer);
        resolve();
      });
    });

  /** Repeats a call Telegram refused or did not answer until it succeeds or the app closes. */
  async function persist(what: string, call: () => Promise<unknown>) {
    for (let failures = 1; !stopped; failures++) {
      try {
        await call();
        return;
      } catch (error) {
        if (stopped) return;
        log.warn({ err: error }, `telegram: ${what} failed, retrying`);
        await sleep(failureDelayMs(failures));
      }
    }
  }

  async function pollLoop() {
    // A webhook left set (an earlier run with TELEGRAM_WEBHOOK=1) makes getUpdates fail with 409.
    await persist('deleteWebhook', () => api.deleteWebhook());
    while (!stopped) {
      let received: number | undefined;
      await persist('getUpdates', async () => {
        received = await poll(LONG_POLL_SECONDS, abort.signal);
      });
      if (received === undefined && !stopped) await sleep(LEASE_RETRY_MS);
    }
  }

  return {
    webhook,
    webhookSecret,
    receiveUpdates: async () => (await poll(0)) ?? 0,
    start() {
      if (running) return;
      running = webhook
        ? persist('setWebhook', () =>
            api.setWebhook(`${config.publicUrl}/api/telegram/webhook`, {
              secret_token: webhookSecret,
              allowed_updates: [...ALLOWED_UPDATES],
            }),
          )
        : pollLoop();
    },
    async stop() {
      stopped = true;
      abort.abort();
      await running;
      await db
        .update(botPolling)
        .set({ leaseUntil: null })
        .where(and(eq(botPolling.botId, botId), eq(botPolling.holder, holder)));
    },
  };
}
