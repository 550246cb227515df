import {
  byEmployeeQuery,
  contactSchema,
  DELETED_DEAL_KEPT_DAYS,
  type DealKind,
  dealSchemas,
  dealSummarySchema,
  dealVocabulary,
  externalChannelSchema,
  historyEventSchema,
  idempotencyHeaders,
  idParams,
  page,
  pageQuery,
  paymentCreateSchema,
  paymentParams,
  paymentSchema,
  referenceItemSchema,
  searchQuery,
  telegramImageLinks,
  z,
} from '@addesk/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idempotent } from '../../db/idempotency.js';
import { listCounterparts } from '../counterpart/counterpart.service.js';
import * as references from '../reference/reference.service.js';
import { createDealService } from './deal.service.js';
import { dealBulkRoutes } from './deal-bulk.routes.js';
import { createPaymentService } from './deal-payment.service.js';
import { createDealWriteService } from './deal-write.service.js';

/** The calls of spec §7 for one kind of deal, under /api/sale or /api/purchase: one implementation for both. */
export function dealRoutes(kind: DealKind): FastifyPluginAsyncZod {
  return async (app) => {
    const service = createDealService(kind);
    const writes = createDealWriteService(kind);
    const payments = createPaymentService(kind);
    const { deal, filter, summary } = dealSchemas[kind];
    // A contact's or the other side's channel's picture is loaded by every teammate's browser: only from Telegram's
    // image hosts, or from this server's preview root, where its own lookups take pictures from.
    const pictures = telegramImageLinks([new URL(app.config.telegram.previewRoot).origin]);
    const create = dealSchemas[kind].create.superRefine(pictures);
    const update = dealSchemas[kind].update.superRefine(pictures);
    const { path, words, hasAdvertisementType } = dealVocabulary[kind];
    const base = `/api/${path}`;
    const tags = [path];
    const list = z.array(referenceItemSchema);
    const what = words.title;
    await app.register(dealBulkRoutes(kind));

    app.post(
      base,
      {
        schema: {
          tags,
          summary: `${what}: создать`,
          headers: idempotencyHeaders,
          body: create,
          response: { 201: deal },
        },
      },
      async (request, reply) => {
        const answer = await idempotent(app.db, request, 201, (db) =>
          writes.create(db, request.caller, request.body),
        );
        return reply.status(answer.status).send(answer.body);
      },
    );

    app.get(
      base,
      {
        config: { etag: true },
        schema: {
          tags,
          summary: `${what} сотрудника`,
          querystring: byEmployeeQuery,
          response: { 200: page(deal) },
        },
      },
      (request) => service.byEmployee(app.db, request.caller, request.query.employeeId, request.query),
    );

    app.get(
      `${base}/filter`,
      {
        config: { etag: true },
        schema: {
          tags,
          summary: `${what}: список с фильтрами, новые сверху`,
          querystring: filter,
          response: { 200: page(deal) },
        },
      },
      (request) => service.filter(app.db, request.caller, request.query),
    );

    app.get(
      `${base}/summary`,
      {
        config: { etag: true },
        schema: {
          tags,
          summary: `${what}: итоги по фильтрам списка`,
          querystring: summary,
          response: { 200: dealSummarySchema },
        },
      },
      (request) => service.summary(app.db, request.caller, request.query),
    );

    app.get(
      `${base}/:id/payments`,
      {
        schema: {
          tags,
          summary: `${what}: оплаты`,
          params: idParams,
          response: { 200: z.array(paymentSchema) },
        },
      },
      (request) => payments.list(app.db, request.caller, request.params.id),
    );

    app.post(
      `${base}/:id/payments`,
      {
        schema: {
          tags,
          summary: `${what}: добавить оплату (не больше оставшейся суммы)`,
          headers: idempotencyHeaders,
          params: idParams,
          body: paymentCreateSchema,
          response: { 201: paymentSchema },
        },
      },
      async (request, reply) => {
        const answer = await idempotent(app.db, request, 201, (db) =>
          payments.add(db, request.caller, request.params.id, request.body),
        );
        return reply.status(answer.status).send(answer.body);
      },
    );

    app.delete(
      `${base}/:id/payments/:paymentId`,
      { schema: { tags, summary: `${what}: удалить оплату`, params: paymentParams } },
      async (request, reply) => {
        await payments.remove(app.db, request.caller, request.params.id, request.params.paymentId);
        return reply.status(204).send();
      },
    );

    app.get(
      `${base}/statuses`,
      { schema: { tags, summary: `${what}: статусы`, response: { 200: list } } },
      () => references.listDealStatuses(app.db, kind),
    );

    app.get(
      `${base}/advertisementFormats`,
      { schema: { tags, summary: 'Форматы рекламы', response: { 200: list } } },
      () => references.listAdvertisementFormats(app.db),
    );

    if (hasAdvertisementType) {
      app.get(
        `${base}/advertisementTypes`,
        { schema: { tags, summary: 'Типы рекламы', response: { 200: list } } },
        () => references.listAdvertisementTypes(app.db),
      );
    }

    app.get(
      `${base}/externalChannels`,
      {
        schema: {
          tags,
          summary: 'Внешние каналы команды',
          querystring: searchQuery,
          response: { 200: page(externalChannelSchema) },
        },
      },
      (request) => listCounterparts(app.db, request.caller, 'externalChannel', request.query),
    );

    app.get(
      `${base}/contacts`,
      {
        schema: {
          tags,
          summary: 'Контакты команды',
          querystring: searchQuery,
          response: { 200: page(contactSchema) },
        },
      },
      (request) => listCounterparts(app.db, request.caller, 'contact', request.query),
    );

    app.get(
      `${base}/:id`,
      {
        config: { etag: true },
        schema: { tags, summary: `${what}: одна запись`, params: idParams, response: { 200: deal } },
      },
      (request) => service.get(app.db, request.caller, request.params.id),
    );

    app.patch(
      `${base}/:id`,
      {
        schema: {
          tags,
          summary: `${what}: изменить (version обязательна; устаревшая — 409)`,
          params: idParams,
          body: update,
          response: { 200: deal },
        },
      },
      (request) => writes.update(app.db, request.caller, request.params.id, request.body),
    );

    app.delete(
      `${base}/:id`,
      {
        schema: {
          tags,
          summary: `${what}: удалить (пропадает из списков и сумм; восстановить можно ${DELETED_DEAL_KEPT_DAYS} дней)`,
          params: idParams,
        },
      },
      async (request, reply) => {
        await writes.remove(app.db, request.caller, request.params.id);
        return reply.status(204).send();
      },
    );

    app.get(
      `${base}/:id/history`,
      {
        schema: {
          tags,
          summary: `${what}: история изменений (кто, что и когда), новые сверху`,
          params: idParams,
          querystring: pageQuery,
          response: { 200: page(historyEventSchema) },
        },
      },
      (request) => service.history(app.db, request.caller, request.params.id, request.query),
    );

    app.post(
      `${base}/:id/restore`,
      {
        schema: {
          tags,
          summary: `${what}: восстановить удалённую (в течение ${DELETED_DEAL_KEPT_DAYS} дней)`,
          params: idParams,
          response: { 200: deal },
        },
      },
      (request) => writes.restore(app.db, request.caller, request.params.id),
    );
  };
}
