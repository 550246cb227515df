import {
  type DealKind,
  dealKinds,
  dealMarkingSchema,
  dealVocabulary,
  idParams,
  markingDueSchema,
  markingMonthExportQuery,
  markingMonthParams,
  markingMonthQuery,
  markingMonthSchema,
  markingSendSchema,
  markingViewsBody,
} from '@addesk/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendFile } from '../../lib/files/file.js';
import { markingMonthExport } from './marking-month.export.js';
import { getMarkingDue, getMarkingMonth, putMarkingViews } from './marking-month.service.js';
import { sendMonth } from './marking-report.service.js';

/** The month's marking paperwork (issue 35): its deals, the views to report, the file for an ОРД, the deadline. */
export const markingMonthRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['marking'];

  app.get(
    '/api/marking/months/:month',
    {
      schema: {
        tags,
        summary:
          'Маркировка за месяц: сделки по дате размещения, чего не хватает, просмотры, суммы актов, срок',
        params: markingMonthParams,
        querystring: markingMonthQuery,
        response: { 200: markingMonthSchema },
      },
    },
    (request) => getMarkingMonth(app.db, request.caller, request.params.month, request.query, app.clock()),
  );

  app.get(
    '/api/marking/months/:month/export',
    {
      schema: {
        tags,
        summary: 'Маркировка за месяц файлом для загрузки в ОРД вручную (поля названы, как в API VK ОРД)',
        description: 'Файл CSV (UTF-8 с BOM, разделитель «;») или XLSX, отдаётся потоком',
        params: markingMonthParams,
        querystring: markingMonthExportQuery,
      },
    },
    (request, reply) =>
      sendFile(reply, markingMonthExport(app.db, request.caller, request.params.month, request.query.format)),
  );

  app.post(
    '/api/marking/months/:month/send',
    {
      schema: {
        tags,
        summary:
          'Отправить в ОРД статистику и акты месяца по сделкам, зарегистрированным нами (202: поставлено в очередь)',
        params: markingMonthParams,
        response: { 202: markingSendSchema },
      },
    },
    async (request, reply) =>
      reply.code(202).send(await sendMonth(app.db, request.caller, request.params.month)),
  );

  app.get(
    '/api/marking/due',
    {
      schema: {
        tags,
        summary: 'Ближайший срок подачи данных в ОРД в пределах 5 дней, пока по сделкам чего-то не хватает',
        response: { 200: markingDueSchema },
      },
    },
    (request) => getMarkingDue(app.db, request.caller, app.clock()),
  );

  const dealRoutes = (kind: DealKind) => {
    const { path, words } = dealVocabulary[kind];
    app.put(
      `/api/${path}/:id/marking/views`,
      {
        schema: {
          tags: [path],
          summary: `${words.title}: просмотры для отчёта в ОРД (null — брать из поста)`,
          params: idParams,
          body: markingViewsBody,
          response: { 200: dealMarkingSchema },
        },
      },
      (request) => putMarkingViews(app.db, request.caller, kind, request.params.id, request.body.views),
    );
  };
  for (const kind of dealKinds) dealRoutes(kind);
};
