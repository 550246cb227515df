import {
  employeePayrollSchema,
  idempotencyHeaders,
  idParams,
  payoutCreateSchema,
  payoutParams,
  payoutSchema,
  payrollExportQuery,
  payrollQuery,
  payrollSchema,
  z,
} from '@addesk/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idempotent } from '../../db/idempotency.js';
import { sendFile } from '../../lib/files/file.js';
import { payrollExport } from './payroll.export.js';
import * as service from './payroll.service.js';

const tags = ['payroll'];

/** Pay by the terms given (docs/decisions/026): the period's payroll, one person's, and payouts. */
export const payrollRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/payroll',
    {
      schema: {
        tags,
        summary: 'Зарплаты за период: начислено, выплачено, к выплате',
        querystring: payrollQuery,
        response: { 200: payrollSchema },
      },
    },
    (request) => service.payroll(app.db, request.caller, request.query),
  );

  app.get(
    '/api/payroll/export',
    {
      schema: {
        tags,
        summary: 'Зарплаты за период файлом: начисления по ролям и выплаты',
        description: 'Файл CSV (UTF-8 с BOM, разделитель «;») или XLSX',
        querystring: payrollExportQuery,
      },
    },
    async (request, reply) => sendFile(reply, await payrollExport(app.db, request.caller, request.query)),
  );

  app.get(
    '/api/employee/:id/payroll',
    {
      schema: {
        tags,
        summary: 'Зарплата сотрудника за период: по каналам и сделкам, с выплатами',
        params: idParams,
        querystring: payrollQuery,
        response: { 200: employeePayrollSchema },
      },
    },
    (request) => service.employeePayroll(app.db, request.caller, request.params.id, request.query),
  );

  app.get(
    '/api/employee/:id/payouts',
    {
      schema: {
        tags,
        summary: 'Выплаты сотруднику',
        params: idParams,
        response: { 200: z.array(payoutSchema) },
      },
    },
    (request) => service.listPayouts(app.db, request.caller, request.params.id),
  );

  app.post(
    '/api/employee/:id/payouts',
    {
      schema: {
        tags,
        summary: 'Выплатить сотруднику',
        headers: idempotencyHeaders,
        params: idParams,
        body: payoutCreateSchema,
        response: { 201: payoutSchema },
      },
    },
    async (request, reply) => {
      const answer = await idempotent(app.db, request, 201, (db) =>
        service.addPayout(db, request.caller, request.params.id, request.body),
      );
      return reply.status(answer.status).send(answer.body);
    },
  );

  app.delete(
    '/api/employee/:id/payouts/:payoutId',
    { schema: { tags, summary: 'Удалить выплату', params: payoutParams, response: { 204: z.null() } } },
    async (request, reply) => {
      await service.removePayout(app.db, request.caller, request.params.id, request.params.payoutId);
      return reply.status(204).send(null);
    },
  );
};
