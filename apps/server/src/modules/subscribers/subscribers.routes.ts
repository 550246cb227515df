import { channelSubscribersSchema, idParams } from '@addesk/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { channelSubscribers } from './subscribers.service.js';

export const subscribersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/channel/:id/subscribers',
    {
      schema: {
        tags: ['channel'],
        summary: 'Подписчики канала: число по ежедневному подсчёту бота, его изменение и вступления',
        params: idParams,
        response: { 200: channelSubscribersSchema },
      },
    },
    (request) => channelSubscribers(app.db, request.caller, request.params.id, app.clock()),
  );
};
