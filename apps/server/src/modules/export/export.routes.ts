import {
  type DealKind,
  dealKinds,
  dealSchemas,
  dealVocabulary,
  exportFormatParam,
  financeQuery,
  z,
} from '@addesk/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendFile } from '../../lib/files/file.js';
import { dealExport, financeExport } from './export.service.js';

const financeExportQuery = z.intersection(financeQuery, z.object({ format: exportFormatParam }));

const description = 'Файл CSV (UTF-8 с BOM, разделитель «;») или XLSX, отдаётся потоком';

/** The exports: a list's deals with its filters (/api/sale/export, /api/purchase/export) and the finance ledger. */
export const exportRoutes: FastifyPluginAsyncZod = async (app) => {
  const dealRoute = (kind: DealKind) => {
    const { path, words } = dealVocabulary[kind];
    const exported = dealExport(kind);
    app.get(
      `/api/${path}/export`,
      {
        schema: {
          tags: [path],
          summary: `${words.title}: файл всего, что показывает список с этими фильтрами`,
          querystring: dealSchemas[kind].export,
          description,
        },
      },
      async (request, reply) => sendFile(reply, await exported(app.db, request.caller, request.query)),
    );
  };
  for (const kind of dealKinds) dealRoute(kind);

  app.get(
    '/api/finance/export',
    {
      schema: {
        tags: ['finance'],
        summary: 'Финансы за период файлом: сделки по дате сделки или оплаты по дате оплаты',
        querystring: financeExportQuery,
        description,
      },
    },
    async (request, reply) => sendFile(reply, await financeExport(app.db, request.caller, request.query)),
  );
};
