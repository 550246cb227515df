import {
  countedPage,
  currentUserSchema,
  employeeNameUpdateSchema,
  employeeSummarySchema,
  idParams,
  pageQuery,
} from '@addesk/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getCurrentUser, listSubordinates, renameEmployee } from './employee.service.js';

export const employeeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/employee',
    { schema: { tags: ['employee'], summary: 'Текущий пользователь', response: { 200: currentUserSchema } } },
    (request) => getCurrentUser(app.db, request.caller),
  );

  app.get(
    '/api/employee/:id/subordinates',
    {
      schema: {
        tags: ['employee'],
        summary: 'Сотрудники руководителя',
        params: idParams,
        querystring: pageQuery,
        response: { 200: countedPage(employeeSummarySchema) },
      },
    },
    (request) => listSubordinates(app.db, request.caller, request.params.id, request.query),
  );

  app.patch(
    '/api/employee/:id',
    {
      schema: {
        tags: ['employee'],
        summary: 'Изменить имя и фамилию',
        params: idParams,
        body: employeeNameUpdateSchema,
        response: { 200: currentUserSchema },
      },
    },
    (request) => renameEmployee(app.db, request.caller, request.params.id, request.body),
  );
};
