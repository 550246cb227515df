import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { completeDocument } from './openapi-document.js';

/**
 * OpenAPI built from the same zod schemas that validate requests, every operation with its id and error answers
 * (openapi-document.ts); UI at /api/docs, JSON at /api/docs/json.
 */
export const openapiPlugin = fp(async (app: FastifyInstance) => {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'AdDesk API',
        version: '1.0.0',
        description: 'API AdDesk: продажи и закупки рекламы в Telegram-каналах',
      },
      // Relative: the document describes the server that serves it, wherever that is.
      servers: [{ url: '/' }],
      // Each route behind a session names it (modules/session); the public ones need none.
      components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'addesk_session' } } },
    },
    transform: jsonSchemaTransform,
    transformObject: completeDocument,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
});
