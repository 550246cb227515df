import { legalDetailsSchema, teamLegalSchema } from '@addesk/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getTeamLegal, putTeamLegal } from './legal.service.js';

/** The team's legal details (issue 35): who places the ads, as an ОРД registers it. */
export const legalRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['marking'];

  app.get(
    '/api/team/legal',
    {
      schema: {
        tags,
        summary: 'Юридические данные команды для маркировки (или null, пока не заполнены)',
        response: { 200: teamLegalSchema },
      },
    },
    (request) => getTeamLegal(app.db, request.caller),
  );

  app.put(
    '/api/team/legal',
    {
      schema: {
        tags,
        summary:
          'Сохранить юридические данные команды: тип, название, ИНН (с контрольной суммой), КПП юрлица',
        body: legalDetailsSchema,
        response: { 200: teamLegalSchema },
      },
    },
    (request) => putTeamLegal(app.db, request.caller, request.body),
  );
};
