import { createHash, timingSafeEqual } from 'node:crypto';
import { z } from '@addesk/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Update } from 'grammy/types';
import { AppError } from '../../lib/app-error.js';
import type { StoreUpdates } from './intake.js';

const digest = (value: string) => createHash('sha256').update(value).digest();

/** An update as Telegram posts it: its id is all the intake reads; the job's handler reads the rest. */
const updateBody = z.looseObject({ update_id: z.number().int().min(0) });

/**
 * Telegram's webhook (decisions 019): the secret header is checked in constant time before anything is read, the
 * update is stored as a job, and only then does Telegram get its 200; anything else makes it deliver the update
 * again, which the job's key makes harmless. Telegram sends no Origin, so the same-origin check of mutations lets it
 * through; it has no session, so this lives outside the team scope.
 */
export const telegramWebhookRoutes: FastifyPluginAsyncZod<{ secret: string; store: StoreUpdates }> = async (
  app,
  { secret, store },
) => {
  const expected = digest(secret);
  app.post(
    '/api/telegram/webhook',
    {
      schema: {
        tags: ['telegram'],
        summary: 'Обновления от Telegram (вебхук бота)',
        body: updateBody,
        hide: true,
      },
      onRequest: async (request) => {
        const given = request.headers['x-telegram-bot-api-secret-token'];
        if (typeof given !== 'string' || !timingSafeEqual(digest(given), expected)) {
          throw new AppError('UNAUTHENTICATED', 'Неверный секрет вебхука');
        }
      },
    },
    async (request) => {
      await store(app.db, [request.body as Update]);
      return { ok: true };
    },
  );
};
