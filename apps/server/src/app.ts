import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database, Db } from './db/client.js';
import { MAINTENANCE_INTERVAL_MS, maintainTables } from './db/maintenance.js';
import { SWEEP_INTERVAL_MS, sweepExpired } from './db/sweeper.js';
import type { Config } from './env.js';
import { registry, storeUpdates } from './job-registry.js';
import { createWorker, type Worker } from './jobs/worker.js';
import { logSerializers } from './lib/log-serializers.js';
import { attributionRoutes } from './modules/attribution/attribution.routes.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { calendarRoutes } from './modules/calendar/calendar.routes.js';
import { calendarFeedRoutes } from './modules/calendar-feed/calendar-feed.routes.js';
import { channelRoutes } from './modules/channel/channel.routes.js';
import { clientRoutes } from './modules/client/client.routes.js';
import { dealRoutes } from './modules/deal/deal.routes.js';
import { employeeRoutes } from './modules/employee/employee.routes.js';
import { exportRoutes } from './modules/export/export.routes.js';
import { financeRoutes } from './modules/finance/finance.routes.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { importRoutes } from './modules/import/import.routes.js';
import { markingRoutes } from './modules/marking/marking.routes.js';
import { markingMonthRoutes } from './modules/marking/marking-month.routes.js';
import { invitationPreviewRoutes, memberRoutes } from './modules/members/members.routes.js';
import { paymentMethodRoutes } from './modules/payment-method/payment-method.routes.js';
import { payrollRoutes } from './modules/payroll/payroll.routes.js';
import { postRoutes, reportRoutes } from './modules/post/post.routes.js';
import { profileRoutes } from './modules/profile/profile.routes.js';
import { referenceRoutes } from './modules/reference/reference.routes.js';
import { referralRoutes } from './modules/referral/referral.routes.js';
import { scheduleRoutes } from './modules/schedule/schedule.routes.js';
import { requireSession } from './modules/session/index.js';
import { subscribersRoutes } from './modules/subscribers/subscribers.routes.js';
import { tariffRoutes } from './modules/tariff/tariff.routes.js';
import { createTelegramClient, type TelegramClient } from './modules/telegram/index.js';
import { type BotIntake, createBotIntake } from './modules/telegram/intake.js';
import { telegramWebhookRoutes } from './modules/telegram/webhook.routes.js';
import { webDistFolder } from './paths.js';
import { clientErrorHandler, errorsPlugin, routerErrorHandler } from './plugins/errors.js';
import { limitsPlugin } from './plugins/limits.js';
import { openapiPlugin } from './plugins/openapi.js';
import { securityPlugin } from './plugins/security.js';
import { serializerCompiler } from './plugins/serializer.js';
import { webPlugin } from './plugins/web.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    telegram: TelegramClient;
    /** The server's clock: the bot's jobs and the figures that age (retention) read it, so tests can move it. */
    clock: () => Date;
    /** The durable job queue's worker (decisions 019); `runDue()` lets tests run due jobs without the loop. */
    jobs: Pick<Worker, 'runDue'>;
    /** The bot's updates; `receiveUpdates()` lets tests take one getUpdates round by hand (0 without a bot). */
    bot: Pick<BotIntake, 'receiveUpdates'>;
  }
}

export type AppOptions = {
  config: Config;
  /** Opened and migrated by the caller; the app owns it from here and closes it on close. */
  database: Database;
  /** The built web app to serve; tests of the API leave it out. */
  webRoot?: string | false;
  /** Where log lines go (default stdout); tests read them to prove what never reaches the logs. */
  logStream?: { write(line: string): void };
  /** The clock (default the real one); tests of reminders and retention pass their own. */
  clock?: () => Date;
};

export async function buildApp({
  config,
  database,
  webRoot = webDistFolder,
  logStream,
  clock = () => new Date(),
}: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      ...(logStream ? { stream: logStream } : {}),
      serializers: logSerializers,
    },
    trustProxy: config.trustProxy,
    bodyLimit: 256 * 1024,
    // A request must arrive whole within these limits, so a client trickling its body cannot hold a socket for
    // minutes; Node checks them every second instead of every 30 s.
    requestTimeout: config.http.requestTimeoutMs,
    http: { headersTimeout: config.http.headersTimeoutMs, connectionsCheckingInterval: 1000 },
    clientErrorHandler,
    frameworkErrors: routerErrorHandler,
    // The errors plugin answers requests that arrive while closing, with the contract's body.
    return503OnClosing: false,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  app.decorate('db', database.db);
  app.decorate('telegram', createTelegramClient(config.telegram));
  app.decorate('clock', clock);
  app.addHook('onClose', () => database.close());
  const every = (ms: number, task: () => Promise<unknown>, failure: string) => {
    const timer = setInterval(() => {
      task().catch((error: unknown) => app.log.warn({ err: error }, failure));
    }, ms);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
  };
  every(SWEEP_INTERVAL_MS, () => sweepExpired(database.db), 'sweep of expired rows failed');
  // PostgreSQL's autovacuum keeps its own tables' statistics; PGlite has none to do it.
  if (database.kind === 'pglite') {
    every(
      MAINTENANCE_INTERVAL_MS,
      async () => {
        const ran = await maintainTables(database.db);
        if (ran.length > 0) app.log.info({ statements: ran }, 'embedded database maintained');
      },
      'maintenance of the embedded database failed',
    );
  }

  const telegram = app.telegram;
  const worker = createWorker({ db: database.db, telegram, config, log: app.log, now: clock }, registry);
  app.decorate('jobs', { runDue: worker.runDue });
  const intake = telegram.api
    ? createBotIntake({
        db: database.db,
        config,
        log: app.log,
        clock,
        api: telegram.api,
        store: storeUpdates,
      })
    : undefined;
  app.decorate('bot', { receiveUpdates: intake ? intake.receiveUpdates : async () => 0 });
  // The jobs run with or without a bot (the post watcher reads public pages; the bot's jobs do nothing without one);
  // the bot's intake only with one. BACKGROUND_JOBS=0 keeps the loops off (tests drive them by hand). The hooks are
  // added after the database's close, so they run before it: close() waits for the running job and poll.
  if (config.bot.backgroundJobs) {
    app.addHook('onReady', async () => {
      worker.start();
      if (intake) intake.start();
    });
    app.addHook('onClose', () => worker.stop());
  }
  if (intake) app.addHook('onClose', () => intake.stop());

  // JSON answers of 1 KB and more go out compressed (a page of 20 deals: 17 KB as is, about 2 KB in brotli) when the
  // browser accepts it; the web app's files are compressed at build time and sent as they are.
  await app.register(compress, { encodings: ['br', 'gzip'] });
  await app.register(cookie);
  await app.register(errorsPlugin);
  await app.register(securityPlugin);
  await app.register(limitsPlugin);
  await app.register(openapiPlugin);

  await app.register(healthRoutes);
  await app.register(authRoutes);
  await app.register(calendarFeedRoutes);
  await app.register(invitationPreviewRoutes);
  await app.register(reportRoutes);
  if (intake?.webhook)
    await app.register(telegramWebhookRoutes, { secret: intake.webhookSecret, store: storeUpdates });
  // Every module of team data lives in this scope: no route in it answers without a session.
  await app.register(async (teamApi) => {
    await teamApi.register(requireSession);
    await teamApi.register(employeeRoutes);
    await teamApi.register(memberRoutes);
    await teamApi.register(channelRoutes);
    await teamApi.register(referenceRoutes);
    await teamApi.register(paymentMethodRoutes);
    await teamApi.register(tariffRoutes);
    await teamApi.register(referralRoutes);
    await teamApi.register(profileRoutes);
    await teamApi.register(dealRoutes('sale'));
    await teamApi.register(dealRoutes('purchase'));
    await teamApi.register(clientRoutes);
    await teamApi.register(importRoutes);
    await teamApi.register(attributionRoutes);
    await teamApi.register(postRoutes);
    await teamApi.register(markingRoutes);
    await teamApi.register(markingMonthRoutes);
    await teamApi.register(calendarRoutes);
    await teamApi.register(scheduleRoutes);
    await teamApi.register(financeRoutes);
    await teamApi.register(payrollRoutes);
    await teamApi.register(exportRoutes);
    await teamApi.register(subscribersRoutes);
  });

  await app.register(webPlugin, { root: webRoot || '' });
  return app;
}
