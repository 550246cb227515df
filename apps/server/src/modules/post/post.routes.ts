import {
  type DealKind,
  dealKinds,
  dealVocabulary,
  idParams,
  postCandidateSchema,
  postRefreshSchema,
  postSchema,
  publicReportSchema,
  reportLinkSchema,
  reportTokenParams,
  z,
} from '@addesk/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { logSerializers } from '../../lib/log-serializers.js';
import {
  createReportLink,
  getPost,
  postCandidates,
  publicReport,
  refreshPost,
  revokeReportLink,
} from './post.service.js';

/** A deal's post (issue 36), for both kinds: one implementation under /api/sale/{id} and /api/purchase/{id}. */
export const postRoutes: FastifyPluginAsyncZod = async (app) => {
  const routesOf = (kind: DealKind) => {
    const { path, words } = dealVocabulary[kind];
    const base = `/api/${path}/:id`;
    const tags = [path];

    app.get(
      `${base}/post`,
      {
        schema: {
          tags,
          summary: `${words.title}: пост — просмотры, CPM, выполнены ли условия`,
          params: idParams,
          response: { 200: postSchema },
        },
      },
      (request) => getPost(app.db, request.caller, kind, request.params.id),
    );

    app.post(
      `${base}/post/refresh`,
      {
        schema: {
          tags,
          summary: `${words.title}: прочитать пост сейчас (или после паузы канала)`,
          params: idParams,
          response: { 202: postRefreshSchema },
        },
      },
      async (request, reply) =>
        reply
          .status(202)
          .send(await refreshPost(app.db, request.caller, kind, request.params.id, app.clock())),
    );

    app.post(
      `${base}/report-link`,
      {
        schema: {
          tags,
          summary: `${words.title}: публичная ссылка на отчёт о размещении (прежняя перестаёт работать)`,
          params: idParams,
          response: { 201: reportLinkSchema },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(
            await createReportLink(app.db, request.caller, kind, request.params.id, app.config.publicUrl),
          ),
    );

    app.delete(
      `${base}/report-link`,
      {
        schema: {
          tags,
          summary: `${words.title}: отозвать ссылку на отчёт`,
          params: idParams,
          response: { 204: z.null() },
        },
      },
      async (request, reply) => {
        await revokeReportLink(app.db, request.caller, kind, request.params.id);
        return reply.status(204).send(null);
      },
    );
  };
  for (const kind of dealKinds) routesOf(kind);

  app.get(
    '/api/sale/:id/post/candidates',
    {
      schema: {
        tags: ['sale'],
        summary: 'Продажа: посты нашего канала около времени размещения (их видел бот), чтобы выбрать пост',
        params: idParams,
        response: { 200: z.array(postCandidateSchema) },
      },
    },
    (request) => postCandidates(app.db, request.caller, request.params.id),
  );
};

const REPORT_PATH = '/api/report';

// The report's address is its key: its log lines leave the token out.
const reportLogSerializers = {
  ...logSerializers,
  req: (req: FastifyRequest) => ({ ...logSerializers.req(req), url: `${REPORT_PATH}/[скрыто]` }),
};

/** The public report of one placement (`/r/{token}` in the web): no session, the token is the only key. */
export const reportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    `${REPORT_PATH}/:token`,
    {
      logSerializers: reportLogSerializers,
      schema: {
        tags: ['report'],
        summary: 'Отчёт о размещении по публичной ссылке (без входа)',
        params: reportTokenParams,
        response: { 200: publicReportSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return publicReport(app.db, request.params.token);
    },
  );
};
