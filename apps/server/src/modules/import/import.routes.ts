import {
  IMPORT_MAX_BYTES,
  idParams,
  importCommitSchema,
  importContentTypes,
  importListItemSchema,
  importListQuery,
  importMappingBody,
  importPreviewSchema,
  importRowsQuery,
  importSchema,
  importUndoSchema,
  importUploadQuery,
  page,
  z,
} from '@addesk/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { importService as service } from './import.service.js';

const tags = ['import'];

/**
 * Importing past deals from CSV or XLSX (issue 37): upload, map and preview, commit, undo. The upload's body is the
 * file itself; its type is read from its bytes, so a file sent as application/octet-stream is taken too.
 */
export const importRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addContentTypeParser(
    [importContentTypes.csv, importContentTypes.xlsx, 'application/octet-stream'],
    { parseAs: 'buffer', bodyLimit: IMPORT_MAX_BYTES },
    (_request, body, done) => done(null, body),
  );

  app.post(
    '/api/import',
    {
      bodyLimit: IMPORT_MAX_BYTES,
      schema: {
        tags,
        summary:
          'Загрузить файл CSV или XLSX (до 20 МБ): его колонки с первыми значениями и догадка, какая что',
        querystring: importUploadQuery,
        body: z.instanceof(Buffer, { error: 'Пришлите файл CSV или XLSX' }),
        response: { 201: importSchema },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await service.upload(app.db, request.caller, request.query.kind, request.query.name, request.body),
        ),
  );

  app.get(
    '/api/import',
    {
      schema: {
        tags,
        summary: 'Импорты продаж или закупок, новые сверху (владелец видит все, остальные свои)',
        querystring: importListQuery,
        response: { 200: page(importListItemSchema) },
      },
    },
    (request) => service.list(app.db, request.caller, request.query.kind, request.query),
  );

  app.get(
    '/api/import/:id',
    {
      schema: {
        tags,
        summary: 'Импорт: колонки, выбор колонок, счёт строк и, пока идёт, сколько сделок уже создано',
        params: idParams,
        response: { 200: importSchema },
      },
    },
    (request) => service.get(app.db, request.caller, request.params.id),
  );

  app.put(
    '/api/import/:id',
    {
      schema: {
        tags,
        summary:
          'Выбрать колонки: каждая строка с её сделкой или причинами, почему сделки не будет (по страницам)',
        params: idParams,
        querystring: importRowsQuery,
        body: importMappingBody,
        response: { 200: importPreviewSchema },
      },
    },
    (request) => service.map(app.db, request.caller, request.params.id, request.body.mapping, request.query),
  );

  app.get(
    '/api/import/:id/rows',
    {
      schema: {
        tags,
        summary: 'Следующая страница строк при выбранных колонках',
        params: idParams,
        querystring: importRowsQuery,
        response: { 200: importPreviewSchema },
      },
    },
    (request) => service.rows(app.db, request.caller, request.params.id, request.query),
  );

  app.post(
    '/api/import/:id/commit',
    {
      schema: {
        tags,
        summary: 'Импортировать: создать сделки всех верных строк, которых ещё нет (повтор отвечает тем же)',
        params: idParams,
        response: { 200: importCommitSchema },
      },
    },
    (request) => service.commit(app.db, request.caller, request.params.id),
  );

  app.delete(
    '/api/import/:id',
    {
      schema: {
        tags,
        summary: 'Отменить импорт (30 дней): его сделки удаляются в корзину; черновик просто удаляется',
        params: idParams,
        response: { 200: importUndoSchema },
      },
    },
    (request) => service.undo(app.db, request.caller, request.params.id),
  );
};
