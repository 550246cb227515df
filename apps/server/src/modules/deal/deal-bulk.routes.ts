import {
  DELETED_DEAL_KEPT_DAYS,
  type DealKind,
  dealBulkPaymentSchema,
  dealBulkResultSchema,
  dealBulkStatusSchema,
  dealVocabulary,
  deletedDealSchemas,
  idempotencyHeaders,
  page,
  pageQuery,
} from '@addesk/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idempotent } from '../../db/idempotency.js';
import { createBulkService } from './deal-bulk.service.js';

/**
 * Several deals of one kind at once, and the bin of deleted ones (issue 33), under /api/sale and /api/purchase.
 * `/bulk` and `/deleted` are static segments: Fastify's router matches them before the `/:id` of deal.routes.ts
 * whatever the order of registration (deal-bulk.test.ts calls them).
 */
export function dealBulkRoutes(kind: DealKind): FastifyPluginAsyncZod {
  return async (app) => {
    const bulk = createBulkService(kind);
    const { path, words } = dealVocabulary[kind];
    const base = `/api/${path}`;
    const tags = [path];

    app.patch(
      `${base}/bulk`,
      {
        schema: {
          tags,
          summary: `${words.title}: сменить статус нескольких (все или ни одной)`,
          body: dealBulkStatusSchema,
          response: { 200: dealBulkResultSchema },
        },
      },
      (request) => bulk.status(app.db, request.caller, request.body),
    );

    app.post(
      `${base}/bulk/payments`,
      {
        schema: {
          tags,
          summary: `${words.title}: оплачено полностью (оплата остатка каждой, все или ни одной)`,
          headers: idempotencyHeaders,
          body: dealBulkPaymentSchema,
          response: { 201: dealBulkResultSchema },
        },
      },
      async (request, reply) => {
        const answer = await idempotent(app.db, request, 201, (db) =>
          bulk.pay(db, request.caller, request.body),
        );
        return reply.status(answer.status).send(answer.body);
      },
    );

    app.get(
      `${base}/deleted`,
      {
        schema: {
          tags,
          summary: `${words.title}: удалённые (восстановить можно ${DELETED_DEAL_KEPT_DAYS} дней), последние удалённые сверху`,
          querystring: pageQuery,
          response: { 200: page(deletedDealSchemas[kind]) },
        },
      },
      (request) => bulk.deleted(app.db, request.caller, request.query),
    );
  };
}
