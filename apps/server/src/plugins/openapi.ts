import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** OpenAPI built from the same zod schemas that validate requests; UI at /api/docs, JSON at /api/docs/json. */
export const openapiPlugin = fp(async (app: FastifyInstance) => {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'AdDesk API',
        version: '1.0.0',
        description: 'API AdDesk: продажи и закупки рекламы в Telegram-каналах',
      },
      components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'addesk_session' } } },
      security: [{ session: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
});
