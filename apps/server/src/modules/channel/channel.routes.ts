import {
  channelCreateSchema,
  channelEmployeeSchema,
  channelInfoQuery,
  channelInfoSchema,
  channelListQuery,
  channelPriceSchema,
  channelPricesInput,
  channelSchema,
  countedPage,
  idempotencyHeaders,
  idParams,
  telegramBotSchema,
  z,
} from '@addesk/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idempotent } from '../../db/idempotency.js';
import * as service from './channel.service.js';

export const channelRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['channel'];

  app.get(
    '/api/channel',
    {
      schema: {
        tags,
        summary: 'Каналы команды: рабочие или, с archived=true, архивные',
        querystring: channelListQuery,
        response: { 200: countedPage(channelSchema) },
      },
    },
    (request) => service.listChannels(app.db, request.caller, request.query),
  );

  app.post(
    '/api/channel',
    {
      schema: {
        tags,
        summary: 'Добавить канал по ссылке',
        headers: idempotencyHeaders,
        body: channelCreateSchema,
        response: { 201: channelSchema },
      },
    },
    async (request, reply) => {
      const found = await service.lookupNewChannel(app.db, app.telegram, request.caller, request.body);
      const answer = await idempotent(app.db, request, 201, (db) =>
        service.createChannel(db, request.caller, request.body, found),
      );
      return reply.status(answer.status).send(answer.body);
    },
  );

  app.get(
    '/api/channel/:id',
    { schema: { tags, summary: 'Канал', params: idParams, response: { 200: channelSchema } } },
    (request) => service.getChannel(app.db, app.telegram, request.caller, request.params.id),
  );

  app.delete(
    '/api/channel/:id',
    {
      schema: {
        tags,
        summary: 'Перенести канал в архив (его сделки остаются; повторно — тоже 204)',
        params: idParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await service.archiveChannel(app.db, request.caller, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/channel/:id/restore',
    {
      schema: {
        tags,
        summary: 'Вернуть канал из архива (если тариф позволяет)',
        params: idParams,
        response: { 200: channelSchema },
      },
    },
    (request) => service.restoreChannel(app.db, request.caller, request.params.id),
  );

  app.get(
    '/api/channel/:id/employees',
    {
      schema: {
        tags,
        summary: 'Сотрудники канала',
        params: idParams,
        response: { 200: z.array(channelEmployeeSchema) },
      },
    },
    (request) => service.listChannelEmployees(app.db, request.caller, request.params.id),
  );

  app.get(
    '/api/channel/:id/prices',
    {
      schema: {
        tags,
        summary: 'Прайс канала: цена по формату и сроку размещения',
        params: idParams,
        response: { 200: z.array(channelPriceSchema) },
      },
    },
    (request) => service.listPrices(app.db, request.caller, request.params.id),
  );

  app.put(
    '/api/channel/:id/prices',
    {
      schema: {
        tags,
        summary: 'Заменить прайс канала целиком',
        params: idParams,
        body: channelPricesInput,
        response: { 200: z.array(channelPriceSchema) },
      },
    },
    (request) => service.replacePrices(app.db, request.caller, request.params.id, request.body),
  );

  app.get(
    '/api/telegram/bot',
    {
      schema: {
        tags,
        summary: 'Бот AdDesk, которого нужно сделать администратором канала',
        response: { 200: telegramBotSchema },
      },
    },
    async () => ({ username: await app.telegram.botUsername() }),
  );

  app.get(
    '/api/telegram/channel-info',
    {
      schema: {
        tags,
        summary: 'Найти канал в Telegram по ссылке или имени',
        querystring: channelInfoQuery,
        response: { 200: channelInfoSchema },
      },
    },
    (request) => service.lookupChannel(app.telegram, request.query.channelNick),
  );
};
