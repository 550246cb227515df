import {
  clientItemSchema,
  clientListQuery,
  clientMergeSchema,
  clientQuery,
  clientSchema,
  idParams,
  page,
} from '@addesk/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as service from './client.service.js';

const tags = ['clients'];

/** Clients (issue 33): the team's contacts with their deals and money, and merging two cards of one client. */
export const clientRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/clients',
    {
      config: { etag: true },
      schema: {
        tags,
        summary: 'Клиенты: контакты сделок с суммами, новые сверху',
        querystring: clientListQuery,
        response: { 200: page(clientItemSchema) },
      },
    },
    (request) => service.listClients(app.db, request.caller, request.query),
  );

  app.get(
    '/api/clients/:id',
    {
      config: { etag: true },
      schema: {
        tags,
        summary: 'Клиент: суммы по продажам и закупкам, обычная цена и его сделки',
        params: idParams,
        querystring: clientQuery,
        response: { 200: clientSchema },
      },
    },
    (request) => service.getClient(app.db, request.caller, request.params.id, request.query),
  );

  app.post(
    '/api/clients/:id/merge',
    {
      schema: {
        tags,
        summary: 'Объединить клиента с другим: его сделки переходят к тому, карточка удаляется',
        params: idParams,
        body: clientMergeSchema,
        response: { 200: clientSchema },
      },
    },
    (request) => service.mergeClients(app.db, request.caller, request.params.id, request.body),
  );
};
