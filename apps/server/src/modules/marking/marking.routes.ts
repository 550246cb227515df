import {
  checkAdText,
  type DealKind,
  dealKinds,
  dealMarkingBody,
  dealMarkingSchema,
  dealVocabulary,
  idParams,
  legalDetailsSchema,
  levyQuery,
  levySchema,
  markingCheckBody,
  markingChecksSchema,
  markingRegisterSchema,
  teamLegalSchema,
  teamOrdBody,
  teamOrdSchema,
} from '@addesk/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getDealMarking, putDealMarking } from './deal-marking.service.js';
import { registerDeal } from './deal-registration.service.js';
import { getTeamLegal, putTeamLegal } from './legal.service.js';
import { getLevy } from './levy.service.js';
import { getTeamOrd, putTeamOrd } from './ord-account.service.js';

/**
 * Ad marking (issue 35): the team's legal details (who places the ads, as an ОРД registers it), and the checks of a
 * post's text before it goes out.
 */
export const markingRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['marking'];

  app.get(
    '/api/team/legal',
    {
      schema: {
        tags,
        summary: 'Юридические данные команды для маркировки (или null, пока не заполнены)',
        response: { 200: teamLegalSchema },
      },
    },
    (request) => getTeamLegal(app.db, request.caller),
  );

  app.put(
    '/api/team/legal',
    {
      schema: {
        tags,
        summary:
          'Сохранить юридические данные команды: тип, название, ИНН (с контрольной суммой), КПП юрлица',
        body: legalDetailsSchema,
        response: { 200: teamLegalSchema },
      },
    },
    (request) => putTeamLegal(app.db, request.caller, request.body),
  );

  app.get(
    '/api/team/ord',
    {
      schema: {
        tags,
        summary: 'ОРД команды: провайдер, песочница и задан ли ключ API (сам ключ не возвращается)',
        response: { 200: teamOrdSchema },
      },
    },
    (request) => getTeamOrd(app.db, request.caller),
  );

  app.put(
    '/api/team/ord',
    {
      schema: {
        tags,
        summary: 'Сохранить ОРД команды; apiKey не передан — ключ прежний, пустой — ключ удалён',
        body: teamOrdBody,
        response: { 200: teamOrdSchema },
      },
    },
    (request) => putTeamOrd(app.db, app.config, request.caller, request.body),
  );

  app.get(
    '/api/marking/levy',
    {
      schema: {
        tags,
        summary: 'Сбор 3 % с рекламной выручки квартала (продажи) и срок его оплаты',
        querystring: levyQuery,
        response: { 200: levySchema },
      },
    },
    (request) => getLevy(app.db, request.caller, request.query.quarter),
  );

  app.post(
    '/api/marking/check',
    {
      schema: {
        tags,
        summary: 'Проверить текст рекламного поста: «Реклама», erid, рекламодатель, ?erid= в ссылках',
        body: markingCheckBody,
        response: { 200: markingChecksSchema },
      },
    },
    (request) => ({ checks: checkAdText(request.body) }),
  );

  const dealRoutes = (kind: DealKind) => {
    const { path, words } = dealVocabulary[kind];
    const url = `/api/${path}/:id/marking`;
    app.get(
      url,
      {
        schema: {
          tags: [path],
          summary: `${words.title}: маркировка — данные, состояние, чего не хватает, текст для поста`,
          params: idParams,
          response: { 200: dealMarkingSchema },
        },
      },
      (request) => getDealMarking(app.db, request.caller, kind, request.params.id),
    );
    app.put(
      url,
      {
        schema: {
          tags: [path],
          summary: `${words.title}: сохранить маркировку (целиком)`,
          params: idParams,
          body: dealMarkingBody,
          response: { 200: dealMarkingSchema },
        },
      },
      (request) => putDealMarking(app.db, request.caller, kind, request.params.id, request.body),
    );
    app.post(
      `${url}/register`,
      {
        schema: {
          tags: [path],
          summary: `${words.title}: зарегистрировать рекламу в ОРД (в очередь; erid появится в маркировке)`,
          params: idParams,
          response: { 202: markingRegisterSchema },
        },
      },
      async (request, reply) => {
        reply.code(202);
        return registerDeal(app.db, request.caller, kind, request.params.id);
      },
    );
  };
  for (const kind of dealKinds) dealRoutes(kind);
};
