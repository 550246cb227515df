import { supportSchema, userSettingsSchema, userSettingsUpdateSchema, z } from '@addesk/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clearSessionCookie } from '../../plugins/session.js';
import { deleteAccount, getSettings, updateSettings } from './profile.service.js';

export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['profile'];

  app.get(
    '/api/settings',
    {
      schema: {
        tags,
        summary: 'Настройки: уведомления и синхронизация',
        response: { 200: userSettingsSchema },
      },
    },
    (request) => getSettings(app.db, request.caller),
  );

  app.patch(
    '/api/settings',
    {
      schema: {
        tags,
        summary: 'Изменить настройки',
        body: userSettingsUpdateSchema,
        response: { 200: userSettingsSchema },
      },
    },
    (request) => updateSettings(app.db, request.caller, request.body),
  );

  app.delete(
    '/api/account',
    { schema: { tags, summary: 'Удалить профиль и все данные команды', response: { 204: z.null() } } },
    async (request, reply) => {
      await deleteAccount(app.db, request.caller);
      clearSessionCookie(reply);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/support',
    { schema: { tags, summary: 'Чат поддержки', response: { 200: supportSchema } } },
    async () => ({ url: app.config.supportUrl }),
  );
};
