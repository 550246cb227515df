import {
  assignBodySchema,
  assignmentSchema,
  channelEmployeeAddSchema,
  channelInfoSchema,
  countedPage,
  createdIdSchema,
  employeeCreateSchema,
  employeeDetailSchema,
  employeeNameUpdateSchema,
  employeeSummarySchema,
  idempotencyHeaders,
  idParams,
  pageQuery,
  teamMemberSchema,
  telegramUsername,
  unassignBodySchema,
  z,
} from '@addesk/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idempotent } from '../../db/idempotency.js';
import * as service from './employee.service.js';
import * as roles from './employee-role.service.js';

export const employeeRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['employee'];
  const assignments = { 200: z.array(assignmentSchema) };

  app.get(
    '/api/employee/all',
    {
      schema: {
        tags,
        summary: 'Команда',
        querystring: pageQuery,
        response: { 200: countedPage(teamMemberSchema) },
      },
    },
    (request) => service.listTeam(app.db, request.caller, request.query),
  );

  app.get(
    '/api/employee/searchInTelegram',
    {
      schema: {
        tags,
        summary: 'Найти пользователя Telegram по ссылке или имени',
        querystring: z.object({ userName: telegramUsername }),
        response: { 200: channelInfoSchema },
      },
    },
    (request) => service.searchInTelegram(app.telegram, request.query.userName),
  );

  app.post(
    '/api/employee',
    {
      schema: {
        tags,
        summary: 'Создать сотрудника',
        headers: idempotencyHeaders,
        body: employeeCreateSchema,
        response: { 201: createdIdSchema },
      },
    },
    async (request, reply) => {
      const icon = await service.telegramIcon(
        app.telegram,
        request.body.employeeTelegramInfo?.telegramNickName,
      );
      const answer = await idempotent(app.db, request, 201, (db) =>
        service.createEmployee(db, request.caller, icon, request.body),
      );
      return reply.status(answer.status).send(answer.body);
    },
  );

  app.get(
    '/api/employee/:id',
    { schema: { tags, summary: 'Сотрудник', params: idParams, response: { 200: employeeDetailSchema } } },
    (request) => service.getEmployee(app.db, request.caller, request.params.id),
  );

  app.patch(
    '/api/employee/:id',
    {
      schema: {
        tags,
        summary: 'Изменить имя и фамилию',
        params: idParams,
        body: employeeNameUpdateSchema,
        response: { 200: employeeDetailSchema.omit({ employeeId: true }) },
      },
    },
    (request) => service.renameEmployee(app.db, request.caller, request.params.id, request.body),
  );

  app.delete(
    '/api/employee/:id',
    {
      schema: {
        tags,
        summary: 'Удалить из команды: каналы сотрудника снимаются, его прошлые сделки сохраняют имя',
        params: idParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await service.removeEmployee(app.db, request.caller, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/employee/:id/subordinates',
    {
      schema: {
        tags,
        summary: 'Сотрудники руководителя',
        params: idParams,
        querystring: pageQuery,
        response: { 200: countedPage(employeeSummarySchema) },
      },
    },
    (request) => service.listSubordinates(app.db, request.caller, request.params.id, request.query),
  );

  app.get(
    '/api/employee/:id/assignedChannels',
    { schema: { tags, summary: 'Каналы и роли сотрудника', params: idParams, response: assignments } },
    (request) => roles.listAssignedChannels(app.db, request.caller, request.params.id),
  );

  app.post(
    '/api/employee/:id/assignOnChannel',
    {
      schema: {
        tags,
        summary: 'Назначить на канал (повторно: обновить условия роли)',
        params: idParams,
        body: assignBodySchema,
        response: assignments,
      },
    },
    (request) => roles.assignOnChannel(app.db, request.caller, request.params.id, request.body),
  );

  app.post(
    '/api/employee/:id/removeAssignmentOnChannel',
    {
      schema: {
        tags,
        summary: 'Снять роль на канале',
        params: idParams,
        body: unassignBodySchema,
        response: assignments,
      },
    },
    (request) => roles.removeAssignment(app.db, request.caller, request.params.id, request.body),
  );

  app.post(
    '/api/channel/:id/employees',
    {
      schema: {
        tags,
        summary: 'Добавить сотрудника на канал: человек, роль, условия и реквизиты одним действием',
        params: idParams,
        body: channelEmployeeAddSchema,
        response: { 201: z.object({ employeeId: z.number().int() }) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await roles.addToChannel(app.db, app.telegram, request.caller, request.params.id, request.body),
        ),
  );
};
