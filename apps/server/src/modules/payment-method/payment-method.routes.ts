import {
  employeeIdQuery,
  idempotencyHeaders,
  idParams,
  paymentMethodCreateSchema,
  paymentMethodSchema,
  z,
} from '@addesk/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idempotent } from '../../db/idempotency.js';
import * as service from './payment-method.service.js';

export const paymentMethodRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['paymentMethod'];

  app.post(
    '/api/paymentMethod',
    {
      schema: {
        tags,
        summary: 'Добавить реквизиты сотрудника',
        headers: idempotencyHeaders,
        body: paymentMethodCreateSchema,
        response: { 201: paymentMethodSchema },
      },
    },
    async (request, reply) => {
      const answer = await idempotent(app.db, request, 201, (db) =>
        service.createPaymentMethod(db, request.caller, request.body),
      );
      return reply.status(answer.status).send(answer.body);
    },
  );

  app.get(
    '/api/paymentMethod',
    {
      schema: {
        tags,
        summary: 'Реквизиты сотрудника',
        querystring: employeeIdQuery,
        response: { 200: z.array(paymentMethodSchema) },
      },
    },
    (request) => service.listPaymentMethods(app.db, request.caller, request.query.employeeId),
  );

  app.get(
    '/api/employee/:id/paymentMethods',
    {
      schema: {
        tags,
        summary: 'Реквизиты сотрудника',
        params: idParams,
        response: { 200: z.array(paymentMethodSchema) },
      },
    },
    (request) => service.listPaymentMethods(app.db, request.caller, request.params.id),
  );

  app.get(
    '/api/paymentMethod/:id',
    { schema: { tags, summary: 'Реквизиты', params: idParams, response: { 200: paymentMethodSchema } } },
    (request) => service.getPaymentMethod(app.db, request.caller, request.params.id),
  );

  app.delete(
    '/api/paymentMethod/:id',
    { schema: { tags, summary: 'Удалить реквизиты', params: idParams, response: { 204: z.null() } } },
    async (request, reply) => {
      await service.deletePaymentMethod(app.db, request.caller, request.params.id);
      return reply.status(204).send(null);
    },
  );
};
