import { referenceIdParams, referenceItemSchema, roleIdQuery, z } from '@addesk/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as service from './reference.service.js';

/** Roles on a channel, salary types and payment method types (decisions D3): short plain lists. */
export const referenceRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['reference'];
  const list = { 200: z.array(referenceItemSchema) };

  app.get(
    '/api/employeeChannelRole/all',
    { schema: { tags, summary: 'Роли на канале', response: list } },
    () => service.listRoles(app.db),
  );
  app.get(
    '/api/employeeChannelRole/:id',
    { schema: { tags, summary: 'Роль', params: referenceIdParams, response: { 200: referenceItemSchema } } },
    (request) => service.getRole(app.db, request.params.id),
  );
  app.get('/api/salary/type/all', { schema: { tags, summary: 'Типы оплаты', response: list } }, () =>
    service.listSalaryTypes(app.db),
  );
  app.get(
    '/api/salary/type/forChannelRole',
    { schema: { tags, summary: 'Типы оплаты для роли', querystring: roleIdQuery, response: list } },
    (request) => service.salaryTypesForRole(app.db, request.query.employeeChannelRoleId),
  );
  app.get('/api/paymentMethodType/all', { schema: { tags, summary: 'Способы оплаты', response: list } }, () =>
    service.listPaymentMethodTypes(app.db),
  );
};
