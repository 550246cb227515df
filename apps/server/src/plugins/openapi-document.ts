import { errorBodySchema, z } from '@addesk/contract';
import type { SwaggerTransformObject } from '@fastify/swagger';

type Schema = Record<string, unknown>;
type Parameter = { in: string; name: string };
type Operation = {
  operationId?: string;
  parameters?: Parameter[];
  requestBody?: unknown;
  security?: unknown[];
  responses?: Record<string, unknown>;
};
type Document = { paths?: Record<string, Record<string, Operation>>; components?: Record<string, unknown> };

const MUTATIONS = new Set(['post', 'put', 'patch', 'delete']);
// The session's scope marks each of its routes with the session cookie (modules/session).
const behindSession = (op: Operation) => (op.security?.length ?? 0) > 0;

/**
 * The 4xx answers an operation can give, each with the contract's error body, and when it gives them, read from what
 * the document already says of the operation: a rule holds for every route, including the ones added later.
 */
const errorResponses: {
  status: string;
  name: string;
  description: string;
  when: (op: Operation, method: string) => boolean;
}[] = [
  {
    status: '400',
    name: 'ValidationError',
    description: 'Некорректный запрос: что не так с каждым полем, в fieldErrors',
    when: (op) => Boolean(op.requestBody) || (op.parameters?.length ?? 0) > 0,
  },
  {
    status: '401',
    name: 'Unauthenticated',
    description: 'Нет сессии: нужно войти',
    when: behindSession,
  },
  {
    // The access policy refuses a role's action, and any change sent from another site is refused.
    status: '403',
    name: 'Forbidden',
    description: 'Недостаточно прав, или запрос пришёл с другого сайта',
    when: (op, method) => behindSession(op) || MUTATIONS.has(method),
  },
  {
    status: '404',
    name: 'NotFound',
    description: 'Записи нет или она не видна вызывающему',
    when: (op) => op.parameters?.some((p) => p.in === 'path') ?? false,
  },
  {
    // A stale version, or a row a unique constraint already holds (lib/database-errors.ts).
    status: '409',
    name: 'Conflict',
    description: 'Запись уже изменил кто-то другой (VERSION_CONFLICT) или такая запись уже есть (CONFLICT)',
    when: (op, method) => behindSession(op) && MUTATIONS.has(method),
  },
  {
    status: '422',
    name: 'IdempotencyKeyReused',
    description: 'Этот ключ повтора уже использован для другого запроса',
    when: (op) => op.parameters?.some((p) => p.in === 'header' && p.name === 'idempotency-key') ?? false,
  },
  {
    status: '429',
    name: 'RateLimited',
    description: 'Слишком много запросов: повторить через Retry-After секунд',
    when: () => true,
  },
];

const capitalize = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** `GET /api/sale/{id}/payments` -> `getSaleByIdPayments`: stable while the route keeps its method and path. */
export function operationIdOf(method: string, path: string): string {
  const words = path
    .replace(/^\/api(?=\/)/, '')
    .split('/')
    .filter(Boolean)
    .flatMap((segment) => {
      const parameter = /^\{(\w+)\}$/.exec(segment)?.[1];
      return parameter ? ['by', parameter] : segment.split(/[^A-Za-z0-9]+/);
    });
  return method.toLowerCase() + words.map(capitalize).join('');
}

/**
 * zod's OpenAPI 3.0 output in two shapes 3.0 reads otherwise: `nullable` beside `anyOf` without a `type`, which 3.0.3
 * ignores, goes into each branch; a record over an enumeration (every key required, their schema in
 * `additionalProperties`) names its keys as properties.
 */
function normalise(node: unknown): void {
  if (Array.isArray(node)) {
    for (const item of node) normalise(item);
    return;
  }
  if (typeof node !== 'object' || node === null) return;
  const schema = node as Schema;
  if (schema.nullable === true && schema.type === undefined && Array.isArray(schema.anyOf)) {
    delete schema.nullable;
    schema.anyOf = (schema.anyOf as Schema[]).map((branch) => ({ ...branch, nullable: true }));
  }
  const { required, properties, additionalProperties } = schema;
  if (Array.isArray(required) && properties === undefined && typeof additionalProperties === 'object') {
    schema.properties = Object.fromEntries(required.map((key: string) => [key, additionalProperties]));
    schema.additionalProperties = false;
  }
  for (const value of Object.values(schema)) normalise(value);
}

/**
 * The swagger plugin's last step over the whole document (one place for every route): each operation gets its
 * operationId and its error answers, which refer to shared responses with the contract's error body.
 */
export const completeDocument: SwaggerTransformObject = (object) => {
  if (!('openapiObject' in object)) return object.swaggerObject;
  // The plugin's types leave out the extensions we read (the fields of an operation, the components we add).
  const document = object.openapiObject as Document;
  normalise(document.paths);
  for (const [path, operations] of Object.entries(document.paths ?? {})) {
    for (const [method, operation] of Object.entries(operations)) {
      operation.operationId ??= operationIdOf(method, path);
      // Outside the session's scope nothing checks a session: say so, rather than leave it unsaid.
      operation.security ??= [];
      operation.responses ??= {};
      const responses = operation.responses;
      for (const { status, name, when } of errorResponses) {
        if (!(status in responses) && when(operation, method)) {
          responses[status] = { $ref: `#/components/responses/${name}` };
        }
      }
    }
  }
  const errorBody = { $ref: '#/components/schemas/ErrorBody' };
  document.components = {
    ...document.components,
    schemas: {
      ...(document.components?.schemas as Schema | undefined),
      ErrorBody: z.toJSONSchema(errorBodySchema, { target: 'openapi-3.0' }),
    },
    responses: Object.fromEntries(
      errorResponses.map(({ status, name, description }) => [
        name,
        {
          description,
          ...(status === '429'
            ? {
                headers: {
                  'Retry-After': {
                    description: 'Через сколько секунд повторить',
                    schema: { type: 'integer' },
                  },
                },
              }
            : {}),
          content: { 'application/json': { schema: errorBody } },
        },
      ]),
    ),
  };
  return object.openapiObject;
};
