import { financeDebtsQuery, financeDebtsSchema, financeQuery, financeSummarySchema } from '@addesk/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getDebts, getSummary } from './finance.service.js';

/** Finance (decisions D5): what every member of the team may read, master and employees alike. */
export const financeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/finance/summary',
    {
      config: { etag: true },
      schema: {
        tags: ['finance'],
        summary: 'Финансы за период: доход, расход, прибыль, по каналам и по шагам, и прошлый период',
        querystring: financeQuery,
        response: { 200: financeSummarySchema },
      },
    },
    (request) => getSummary(app.db, request.caller, request.query),
  );

  app.get(
    '/api/finance/debts',
    {
      config: { etag: true },
      schema: {
        tags: ['finance'],
        summary: 'Долги: нам должны (продажи) и мы должны (закупки), просроченные сверху',
        querystring: financeDebtsQuery,
        response: { 200: financeDebtsSchema },
      },
    },
    (request) => getDebts(app.db, request.caller, request.query.channelId),
  );
};
