import {
  page,
  saleConflictSchema,
  saleConflictsQuery,
  scheduleDaySchema,
  scheduleDaysQuery,
  scheduleItemSchema,
  scheduleQuery,
  z,
} from '@addesk/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getSaleConflicts, getSchedule, getScheduleDays } from './schedule.service.js';

export const scheduleRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/schedule',
    {
      config: { etag: true },
      schema: {
        tags: ['schedule'],
        summary: 'График размещений: продажи и закупки между двумя днями, раньше — выше',
        querystring: scheduleQuery,
        response: { 200: page(scheduleItemSchema) },
      },
    },
    (request) => getSchedule(app.db, request.caller, request.query),
  );

  app.get(
    '/api/schedule/days',
    {
      config: { etag: true },
      schema: {
        tags: ['schedule'],
        summary: 'Число размещений канала по дням периода (для месячного вида)',
        querystring: scheduleDaysQuery,
        response: { 200: z.array(scheduleDaySchema) },
      },
    },
    (request) => getScheduleDays(app.db, request.caller, request.query),
  );

  app.get(
    '/api/sale/conflicts',
    {
      schema: {
        tags: ['sale'],
        summary: 'Продажи, с которыми пересечётся размещение в этом слоте канала',
        querystring: saleConflictsQuery,
        response: { 200: z.array(saleConflictSchema) },
      },
    },
    (request) => getSaleConflicts(app.db, request.caller, request.query),
  );
};
