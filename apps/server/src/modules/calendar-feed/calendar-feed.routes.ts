import { calendarFeedParams, calendarFeedSchema, z } from '@addesk/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { logSerializers } from '../../lib/log-serializers.js';
import { requireSession } from '../session/index.js';
import { disableFeed, enableFeed, loadFeed } from './calendar-feed.service.js';

const FEED_PATH = '/api/calendar/feed';

// The feed's address is its password: this route's log lines show it without the file name.
const feedLogSerializers = {
  ...logSerializers,
  req: (req: FastifyRequest) => ({
    ...logSerializers.req(req),
    url: `${FEED_PATH}/[скрыто]`,
  }),
};

/**
 * The private calendar feed (issue 14): turning it on and off needs a session; the feed itself is fetched by
 * calendar apps without one, so its secret address is the only key.
 */
export const calendarFeedRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['calendar'];

  app.get(
    `${FEED_PATH}/:file`,
    {
      logSerializers: feedLogSerializers,
      // Counted per feed, not per address of the caller: Google's and Yandex's servers fetch the feeds of many
      // users from a few addresses. A feed is fetched every few hours; 60 a minute stops a loop that would make the
      // server print it over and over. Guessing is no use anyway (a 256-bit secret) and a miss costs one key lookup.
      config: {
        rateLimit: {
          max: 60,
          timeWindow: '1 minute',
          keyGenerator: (request: FastifyRequest) => {
            const { file } = request.params as { file?: string };
            return `calendar-feed:${/^\d+-\d+-/.exec(file ?? '')?.[0] ?? request.ip}`;
          },
        },
      },
      schema: {
        tags,
        summary: 'Календарь размещений команды в формате iCalendar (по секретной ссылке, без входа)',
        params: calendarFeedParams,
      },
    },
    async (request, reply) => {
      const feed = await loadFeed(app.db, app.config.publicUrl, request.params.file);
      reply
        .header('cache-control', 'private, max-age=300')
        .header('etag', feed.etag)
        .header('content-type', 'text/calendar; charset=utf-8');
      if (request.headers['if-none-match'] === feed.etag) return reply.status(304).send();
      return reply.send(feed.print());
    },
  );

  await app.register(async (signedIn) => {
    await signedIn.register(requireSession);

    signedIn.post(
      FEED_PATH,
      {
        schema: {
          tags,
          summary: 'Включить синхронизацию с календарём: новая секретная ссылка, старая перестаёт работать',
          response: { 200: calendarFeedSchema },
        },
      },
      (request) => enableFeed(app.db, app.config.publicUrl, request.caller),
    );

    signedIn.delete(
      FEED_PATH,
      {
        schema: {
          tags,
          summary: 'Выключить синхронизацию с календарём: ссылка перестаёт работать',
          response: { 204: z.null() },
        },
      },
      async (request, reply) => {
        await disableFeed(app.db, request.caller);
        return reply.status(204).send(null);
      },
    );
  });
};
