import { calendarEntrySchema, calendarQuery, z } from '@addesk/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getCalendar } from './calendar.service.js';

export const calendarRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/calendar',
    {
      config: { etag: true },
      schema: {
        tags: ['calendar'],
        summary: 'Календарь размещений: по записи на день и тип, с первой сделкой и числом за день',
        querystring: calendarQuery,
        response: { 200: z.array(calendarEntrySchema) },
      },
    },
    (request) => getCalendar(app.db, request.caller, request.query.from, request.query.to),
  );
};
