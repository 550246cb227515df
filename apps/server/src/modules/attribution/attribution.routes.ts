import { attributionSchema, idParams } from '@addesk/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendFile } from '../../lib/files/file.js';
import { createInviteLinkNow, getAttribution, subscribersCsv } from './attribution.service.js';

const tags = ['purchase'];

/** A purchase's invite link and what it brought (issue 17); every call answers 404 for anything but a live purchase. */
export const attributionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/purchase/:id/attribution',
    {
      schema: {
        tags,
        summary: 'Закупка: ссылка-приглашение и пришедшие по ней подписчики',
        params: idParams,
        response: { 200: attributionSchema },
      },
    },
    (request) => getAttribution(app.db, app.telegram.api, request.caller, request.params.id, app.clock()),
  );

  app.post(
    '/api/purchase/:id/invite-link',
    {
      schema: {
        tags,
        summary: 'Закупка: создать ссылку-приглашение сейчас (есть — отдаётся она же)',
        params: idParams,
        response: { 200: attributionSchema },
      },
    },
    (request) =>
      createInviteLinkNow(app.db, app.telegram.api, request.caller, request.params.id, app.clock()),
  );

  app.get(
    '/api/purchase/:id/subscribers.csv',
    {
      schema: {
        tags,
        summary: 'Закупка: журнал подписчиков по ссылке (кто, вступил, вышел), новые сверху',
        description: 'Файл CSV (UTF-8 с BOM, разделитель «;»), отдаётся потоком',
        params: idParams,
      },
    },
    async (request, reply) =>
      sendFile(reply, await subscribersCsv(app.db, request.caller, request.params.id)),
  );
};
