import { count } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contacts, deals, externalChannels } from '../../src/db/schema/index.js';
import { createTestApp, sameOrigin, signInDemo } from '../helpers/test-app.js';

/**
 * Every value a request can carry is bounded by the contract before it reaches the database, so no input can make
 * PostgreSQL fail (a 500): read from the OpenAPI document the server publishes from the very schemas that validate
 * requests, so a new route or field is held to it without anyone adding it here.
 */

/** Values PostgreSQL refuses whatever the column: a NUL in text, a year 0 or of five digits in a date. */
const NUL_TEXT = 'a\u0000b';
const BAD_DAYS = ['0000-01-01', '10000-01-01', '+010000-01-01'];
const BAD_INSTANTS = ['0000-01-01T10:00:00Z', '9999-12-31T23:00:00-05:00', '+010000-01-01T00:00:00Z'];

type JsonSchema = {
  type?: string | string[];
  format?: string;
  pattern?: string;
  enum?: unknown[];
  const?: unknown;
  maxLength?: number;
  maximum?: number;
  minimum?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  nullable?: boolean;
  items?: JsonSchema;
  additionalProperties?: JsonSchema | boolean;
  allOf?: JsonSchema[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
};

/** The patterns a value must match: the schema's own and those of an allOf (zod writes a second .regex there). */
const patternsOf = (schema: JsonSchema) =>
  [schema.pattern, ...(schema.allOf ?? []).map((s) => s.pattern)].filter((p): p is string => Boolean(p));

const refuses = (schema: JsonSchema, value: string) =>
  patternsOf(schema).some((pattern) => !new RegExp(pattern, 'u').test(value));

// OpenAPI 3.0 says `nullable`, JSON Schema a type or a branch of `null`.
const acceptsNull = (schema: JsonSchema): boolean =>
  schema.nullable === true ||
  [schema.type].flat().includes('null') ||
  [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])].some(acceptsNull);

/** The optional properties of a body that refuse null, as paths: the old front end's clients send null for them. */
function nullRefused(schema: JsonSchema, path: string): string[] {
  const own = Object.entries(schema.properties ?? {}).flatMap(([key, s]) => [
    ...(!(schema.required ?? []).includes(key) && !acceptsNull(s) ? [`${path}.${key}`] : []),
    ...nullRefused(s, `${path}.${key}`),
  ]);
  const nested = [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])].flatMap((s) =>
    nullRefused(s, path),
  );
  return [...own, ...(schema.items ? nullRefused(schema.items, `${path}[]`) : []), ...nested];
}

/** What is unbounded in a schema, as 'path: why'. */
function unbounded(schema: JsonSchema, path: string): string[] {
  const nested = [
    ...Object.entries(schema.properties ?? {}).flatMap(([key, s]) => unbounded(s, `${path}.${key}`)),
    ...(schema.items ? unbounded(schema.items, `${path}[]`) : []),
    ...(typeof schema.additionalProperties === 'object'
      ? unbounded(schema.additionalProperties, `${path}{}`)
      : []),
    ...[...(schema.anyOf ?? []), ...(schema.oneOf ?? [])].flatMap((s) => unbounded(s, path)),
  ];
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  const problems: string[] = [];
  if (types.includes('string') && schema.enum === undefined && schema.const === undefined) {
    if (schema.maxLength === undefined) problems.push(`${path}: text without a length limit`);
    if (!refuses(schema, NUL_TEXT)) problems.push(`${path}: text that may hold a NUL character`);
    if (schema.format === 'date' && !BAD_DAYS.every((day) => refuses(schema, day)))
      problems.push(`${path}: a date whose year PostgreSQL cannot store`);
    if (schema.format === 'date-time' && !BAD_INSTANTS.every((instant) => refuses(schema, instant)))
      problems.push(`${path}: a time whose year PostgreSQL cannot store`);
  }
  // Record ids are bigint columns read as JS numbers; narrower columns have narrower bounds (referenceId, versions),
  // which the bad-input tests hold to their columns.
  if (
    types.includes('integer') &&
    ((schema.maximum ?? Infinity) > Number.MAX_SAFE_INTEGER ||
      (schema.minimum ?? -Infinity) < -Number.MAX_SAFE_INTEGER)
  )
    problems.push(`${path}: an integer beyond what JavaScript counts exactly`);
  if (types.includes('number') && !Number.isFinite(schema.maximum ?? Infinity))
    problems.push(`${path}: a number without a maximum`);
  return [...problems, ...nested];
}

describe('request bounds', () => {
  let app: FastifyInstance;
  let document: {
    paths: Record<
      string,
      Record<
        string,
        {
          parameters?: { name: string; in: string; schema: JsonSchema }[];
          requestBody?: { content: Record<string, { schema: JsonSchema }> };
        }
      >
    >;
  };

  beforeAll(async () => {
    app = await createTestApp();
    document = (await app.inject({ url: '/api/docs/json' })).json();
  });
  afterAll(() => app.close());

  it('bound every id, number, text and date of every request', () => {
    const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({
        name: `${method.toUpperCase()} ${path}`,
        operation,
      })),
    );
    expect(operations.length).toBeGreaterThan(50);
    const found = operations.flatMap(({ name, operation }) => [
      ...(operation.parameters ?? []).flatMap((p) => unbounded(p.schema, `${name} ${p.in} ${p.name}`)),
      ...Object.values(operation.requestBody?.content ?? {}).flatMap((c) =>
        unbounded(c.schema, `${name} body`),
      ),
    ]);
    expect(found).toEqual([]);
  });

  it('take null for every optional field of every body, as not given', () => {
    const found = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods).flatMap(([method, operation]) =>
        Object.values(operation.requestBody?.content ?? {}).flatMap((c) =>
          nullRefused(c.schema, `${method.toUpperCase()} ${path} body`),
        ),
      ),
    );
    expect(found).toEqual([]);
    expect(nullRefused({ type: 'object', properties: { a: { type: 'string' } } }, 'x')).toEqual(['x.a']);
  });

  it('finds what it looks for', () => {
    expect(unbounded({ type: 'string' }, 'x')).toEqual([
      'x: text without a length limit',
      'x: text that may hold a NUL character',
    ]);
    expect(unbounded({ type: 'integer' }, 'x')).toHaveLength(1);
    expect(
      unbounded({ type: 'string', format: 'date', maxLength: 10, pattern: '^\\d{4}-\\d\\d-\\d\\d$' }, 'x'),
    ).toEqual(['x: a date whose year PostgreSQL cannot store']);
  });
});

describe('values PostgreSQL would refuse', () => {
  let app: FastifyInstance;
  let headers: Record<string, string>;
  let sale: Record<string, unknown>;

  const rows = async () =>
    Promise.all(
      [deals, contacts, externalChannels].map(
        async (table) => (await app.db.select({ n: count() }).from(table))[0]?.n,
      ),
    );

  beforeAll(async () => {
    app = await createTestApp();
    headers = { ...(await signInDemo(app, 'bounds')), ...sameOrigin };
    const channelId = (await app.inject({ url: '/api/channel?limit=1', headers })).json().items[0].id;
    sale = {
      accommodationCondition: { accommodationTime: '2026-03-01T10:00:00+03:00' },
      advertisementFormatId: 1,
      advertisementTypeId: 1,
      channelId,
      price: 1000,
      saleDate: '2026-03-01',
      statusId: 1,
    };
  });
  afterAll(() => app.close());

  it('answer 400 in Russian naming the field, and write nothing', async () => {
    const placement = (accommodationTime: string) => ({
      ...sale,
      accommodationCondition: { accommodationTime },
    });
    const cases: [string, string, unknown, string][] = [
      ['POST', '/api/sale', { ...sale, saleDate: '0000-01-01' }, 'saleDate'],
      ['POST', '/api/sale', placement('0000-01-01T10:00:00Z'), 'accommodationCondition.accommodationTime'],
      // A year-9999 evening west of UTC is already year 10000 there.
      [
        'POST',
        '/api/sale',
        placement('9999-12-31T23:00:00-05:00'),
        'accommodationCondition.accommodationTime',
      ],
      ['POST', '/api/sale', { ...sale, contactPerson: { name: 'Ольга\u0000' } }, 'contactPerson.name'],
      [
        'POST',
        '/api/sale',
        { ...sale, externalChannelInfo: { name: 'a\u0000b' } },
        'externalChannelInfo.name',
      ],
      ['GET', '/api/sale/filter?statusId=40000', undefined, 'statusId'],
      ['GET', '/api/purchase/filter?advertisementTypeId=1,32768', undefined, 'advertisementTypeId'],
      ['GET', '/api/sale/externalChannels?q=a%00b', undefined, 'q'],
      ['GET', '/api/calendar?from=0000-01-01&to=0000-01-05', undefined, 'from'],
      ['GET', '/api/employeeChannelRole/40000', undefined, 'id'],
      [
        'GET',
        '/api/salary/type/forChannelRole?employeeChannelRoleId=40000',
        undefined,
        'employeeChannelRoleId',
      ],
    ];
    const before = await rows();
    for (const [method, url, payload, field] of cases) {
      const response = await app.inject({
        method: method as 'GET',
        url,
        headers,
        payload: payload as object,
      });
      const what = `${method} ${url} ${JSON.stringify(payload ?? '').slice(0, 80)}`;
      expect(response.statusCode, what).toBe(400);
      const body = response.json();
      expect(body.code, what).toBe('VALIDATION_ERROR');
      expect(body.message, what).toMatch(/[а-яё]/i);
      expect(Object.keys(body.fieldErrors ?? {}), what).toContain(field);
    }
    expect(await rows(), 'rows after the refused requests').toEqual(before);
  });

  it('keep a same-site sign-in redirect, percent-encoded, and drop an unusable one, never a 5xx', async () => {
    const login = (redirect: string) =>
      app.inject({ url: `/api/auth/login?authBy=demo&as=bounds&redirect=${redirect}` });
    for (const [redirect, location] of [
      ['/%D0%B9', '/%D0%B9'],
      ['%2Fsales%3Fq%3D%25D0%25B9', '/sales?q=%D0%B9'],
      ['/a%00b', '/dashboard'],
      ['/%0d%0aSet-Cookie:x=1', '/dashboard'],
      // Bytes that are no UTF-8 stay percent-encoded, as they came: a harmless same-site path.
      ['/%ED%A0%80', '/%ED%A0%80'],
      ['//evil.example', '/dashboard'],
    ]) {
      const response = await login(redirect as string);
      expect(response.statusCode, redirect).toBe(302);
      expect(response.headers.location, redirect).toBe(location);
    }
  });
});
