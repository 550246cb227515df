import { currentTariffSchema, paidTariffs, tariffSchema, z } from '@addesk/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getCurrentTariff, startTrial } from './tariff.service.js';

export const tariffRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['tariff'];

  app.get(
    '/api/tariff',
    { schema: { tags, summary: 'Тарифы', response: { 200: z.array(tariffSchema) } } },
    async () => paidTariffs.map((t) => ({ ...t })),
  );

  app.get(
    '/api/tariff/current',
    { schema: { tags, summary: 'Текущий тариф и лимит каналов', response: { 200: currentTariffSchema } } },
    (request) => getCurrentTariff(app.db, request.caller),
  );

  app.post(
    '/api/tariff/trial',
    { schema: { tags, summary: 'Начать пробный период', response: { 201: currentTariffSchema } } },
    async (request, reply) => reply.status(201).send(await startTrial(app.db, request.caller)),
  );
};
