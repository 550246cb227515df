import {
  profileAccountParams,
  profileAccountSchema,
  supportSchema,
  telegramLinkSchema,
  userSettingsSchema,
  userSettingsUpdateSchema,
  z,
} from '@addesk/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listAccounts, unlinkAccount } from '../auth/auth.service.js';
import { deleteProfile } from '../members/members.service.js';
import { createLink, unlink } from '../reminders/telegram-link.service.js';
import { clearSessionCookie } from '../session/index.js';
import { type BotSettings, getSettings, updateSettings } from './profile.service.js';

export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['profile'];
  const bot: BotSettings = {
    available: app.telegram.api !== undefined,
    reminderMinutesBefore: app.config.bot.reminderMinutesBefore,
  };

  app.get(
    '/api/settings',
    {
      schema: {
        tags,
        summary: 'Настройки: уведомления и синхронизация',
        response: { 200: userSettingsSchema },
      },
    },
    (request) => getSettings(app.db, request.caller, bot),
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
    (request) => updateSettings(app.db, request.caller, bot, request.body),
  );

  app.post(
    '/api/profile/telegram/link',
    {
      schema: {
        tags,
        summary:
          'Подключить Telegram: ссылка на бота с одноразовым кодом (15 минут), прежняя перестаёт работать',
        response: { 200: telegramLinkSchema },
      },
    },
    (request) => createLink(app.db, app.telegram, request.caller, app.clock()),
  );

  app.delete(
    '/api/profile/telegram',
    {
      schema: {
        tags,
        summary: 'Отключить Telegram: бот перестаёт присылать напоминания',
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await unlink(app.db, request.caller);
      return reply.status(204).send(null);
    },
  );

  app.delete(
    '/api/account',
    {
      schema: {
        tags,
        summary: 'Удалить профиль: свою команду со всеми данными; из чужих команд — выйти',
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await deleteProfile(app.db, request.caller);
      clearSessionCookie(reply);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/profile/accounts',
    {
      schema: {
        tags,
        summary: 'Способы входа в профиль: Google, Яндекс, Telegram',
        response: { 200: z.array(profileAccountSchema) },
      },
    },
    (request) => listAccounts(app.db, request.caller.userId),
  );

  app.delete(
    '/api/profile/accounts/:provider',
    {
      schema: {
        tags,
        summary: 'Отвязать способ входа (последний отвязать нельзя)',
        params: profileAccountParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await unlinkAccount(app.db, request.caller.userId, request.params.provider);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/support',
    { schema: { tags, summary: 'Чат поддержки', response: { 200: supportSchema } } },
    async () => ({ url: app.config.supportUrl }),
  );
};
