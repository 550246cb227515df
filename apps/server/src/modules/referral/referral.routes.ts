import { referralSchema, z } from '@addesk/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getReferral, referralQrSvg } from './referral.service.js';

export const referralRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['referral'];

  app.get(
    '/api/referral',
    { schema: { tags, summary: 'Моя реферальная ссылка и приглашённые', response: { 200: referralSchema } } },
    (request) => getReferral(app.db, request.caller, app.config.publicUrl),
  );

  app.get(
    '/api/referral/qr.svg',
    { schema: { tags, summary: 'QR-код реферальной ссылки (SVG)', response: { 200: z.string() } } },
    async (request, reply) =>
      reply
        .type('image/svg+xml')
        .header('cache-control', 'private, max-age=3600')
        .send(await referralQrSvg(app.db, request.caller, app.config.publicUrl)),
  );
};
