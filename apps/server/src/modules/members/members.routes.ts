import {
  currentUserSchema,
  idParams,
  invitationCreatedSchema,
  invitationPreviewSchema,
  invitationTokenParams,
  membershipSchema,
  sessionTeamBody,
  teamSchema,
  z,
} from '@addesk/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error.js';
import { moveSession, SESSION_COOKIE } from '../session/index.js';
import * as service from './members.service.js';

const tags = ['team'];

/** Invitations, the person's teams and the switch between them: in the team's scope (a session is needed). */
export const memberRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/employee',
    {
      schema: {
        tags: ['employee'],
        summary: 'Текущий пользователь: его команда и что ему в ней доступно',
        response: { 200: currentUserSchema },
      },
    },
    (request) => service.currentUser(app.db, request.caller),
  );

  app.get(
    '/api/employee/:id/membership',
    {
      schema: {
        tags,
        summary: 'Вошёл ли сотрудник в AdDesk и до какого числа действует его приглашение',
        params: idParams,
        response: { 200: membershipSchema },
      },
    },
    (request) => service.membership(app.db, request.caller, request.params.id),
  );

  app.post(
    '/api/employee/:id/invite',
    {
      schema: {
        tags,
        summary: `Пригласить в AdDesk: одноразовая ссылка на 7 дней (новая заменяет прежнюю)`,
        params: idParams,
        response: { 201: invitationCreatedSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(
        await service.invite(app.db, request.caller, request.params.id, {
          publicUrl: app.config.publicUrl,
          botUsername: await app.telegram.botUsername(),
        }),
      ),
  );

  app.delete(
    '/api/employee/:id/invite',
    {
      schema: { tags, summary: 'Отозвать приглашение', params: idParams, response: { 204: z.null() } },
    },
    async (request, reply) => {
      await service.revokeInvitation(app.db, request.caller, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/teams',
    {
      schema: {
        tags,
        summary: 'Команды, в которых состоит пользователь',
        response: { 200: z.array(teamSchema) },
      },
    },
    (request) => service.listTeams(app.db, request.caller),
  );

  app.post(
    '/api/session/team',
    {
      schema: {
        tags,
        summary: 'Перейти в другую свою команду',
        body: sessionTeamBody,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      const token = request.cookies[SESSION_COOKIE];
      if (!token) throw new AppError('UNAUTHENTICATED');
      const member = await service.membershipIn(app.db, request.caller.userId, request.body.teamId);
      await moveSession(app.db, token, member);
      // What the browser kept of the other team must not show in this one.
      reply.header('clear-site-data', '"cache"');
      return reply.status(204).send(null);
    },
  );
};

/** An invitation's page, before sign-in: who invites whom to which team, or why the link no longer works. */
export const invitationPreviewRoutes: FastifyPluginAsyncZod = async (app) => {
  // The link an invitation sends opens the sign-in screen with it, which shows the invitation (docs/decisions/024); a
  // malformed token is dropped there.
  app.get(
    '/invite/:token',
    { schema: { hide: true, params: z.object({ token: z.string().max(200) }) } },
    (request, reply) => reply.redirect(`/auth?invite=${encodeURIComponent(request.params.token)}`),
  );

  app.get(
    '/api/invite/:token',
    {
      config: { rateLimit: { max: app.config.signInPerMinute, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Приглашение: кто и в какую команду приглашает',
        params: invitationTokenParams,
        response: { 200: invitationPreviewSchema },
      },
    },
    (request) => service.previewInvitation(app.db, request.params.token),
  );
};
