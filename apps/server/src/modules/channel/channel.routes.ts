import { channelSchema, countedPage, pageQuery } from '@addesk/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listChannels } from './channel.service.js';

export const channelRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/channel',
    {
      schema: {
        tags: ['channel'],
        summary: 'Каналы команды',
        querystring: pageQuery,
        response: { 200: countedPage(channelSchema) },
      },
    },
    (request) => listChannels(app.db, request.caller, request.query),
  );
};
