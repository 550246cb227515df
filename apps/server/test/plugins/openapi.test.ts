import { errorBodySchema, z } from '@addesk/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../helpers/test-app.js';

type Reference = { $ref: string };
type Response = {
  headers?: Record<string, unknown>;
  content?: { 'application/json'?: { schema?: unknown } };
};
type Operation = {
  operationId?: string;
  security?: unknown[];
  parameters?: { in: string; name: string }[];
  requestBody?: unknown;
  responses: Record<string, Response | Reference>;
};
type Document = {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, unknown>; responses: Record<string, Response> };
};

/** Every operation of the document the server publishes, by `METHOD /path`. */
function operationsOf(document: Document): Map<string, Operation> {
  return new Map(
    Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, op]) => [`${method.toUpperCase()} ${path}`, op] as const),
    ),
  );
}

describe('OpenAPI document', () => {
  let app: FastifyInstance;
  let document: Document;
  let operations: Map<string, Operation>;
  const resolve = (response: Response | Reference): Response =>
    '$ref' in response
      ? (document.components.responses[response.$ref.replace('#/components/responses/', '')] ?? {})
      : response;

  beforeAll(async () => {
    app = await createTestApp();
    document = (await app.inject({ url: '/api/docs/json' })).json();
    operations = operationsOf(document);
  });
  afterAll(() => app.close());

  it('gives every operation an id of its own, made from its method and path', () => {
    const ids = [...operations.values()].map((op) => op.operationId);
    expect(ids.length).toBeGreaterThan(90);
    expect([...operations].filter(([, op]) => !op.operationId).map(([key]) => key)).toEqual([]);
    expect(ids.filter((id, index) => ids.indexOf(id) !== index)).toEqual([]);
    expect(operations.get('GET /api/sale/filter')?.operationId).toBe('getSaleFilter');
    expect(operations.get('DELETE /api/sale/{id}/payments/{paymentId}')?.operationId).toBe(
      'deleteSaleByIdPaymentsByPaymentId',
    );
    expect(operations.get('GET /api/referral/qr.svg')?.operationId).toBe('getReferralQrSvg');
  });

  it("answers every operation's 4xx with the contract's error body, 429 with Retry-After everywhere", () => {
    expect(document.components.schemas.ErrorBody).toEqual(
      z.toJSONSchema(errorBodySchema, { target: 'openapi-3.0' }),
    );
    const errorBody = document.components.schemas.ErrorBody;
    const wrong: string[] = [];
    for (const [key, op] of operations) {
      for (const [status, response] of Object.entries(op.responses)) {
        if (!status.startsWith('4')) continue;
        const schema = resolve(response).content?.['application/json']?.schema;
        const same =
          (schema as Reference | undefined)?.$ref === '#/components/schemas/ErrorBody' ||
          JSON.stringify(schema) === JSON.stringify(errorBody);
        if (!same) wrong.push(`${key} ${status}`);
      }
      if (!resolve(op.responses['429'] ?? {}).headers?.['Retry-After']) wrong.push(`${key} 429`);
    }
    expect(wrong).toEqual([]);
  });

  it('says which answers each operation can give, from what it takes and whether it needs a session', () => {
    const missing: string[] = [];
    for (const [key, op] of operations) {
      const statuses = Object.keys(op.responses);
      const expected = [
        ...((op.parameters?.length ?? 0) > 0 || op.requestBody ? ['400'] : []),
        ...((op.security?.length ?? 0) > 0 ? ['401', '403'] : []),
        ...(op.parameters?.some((p) => p.in === 'path') ? ['404'] : []),
      ];
      for (const status of expected) if (!statuses.includes(status)) missing.push(`${key} ${status}`);
    }
    expect(missing).toEqual([]);

    const health = operations.get('GET /api/health');
    expect(health?.security).toEqual([]);
    expect(Object.keys(health?.responses ?? {})).toEqual(['200', '429']);
    const sale = operations.get('POST /api/sale');
    expect(sale?.security).toEqual([{ session: [] }]);
    expect(Object.keys(sale?.responses ?? {})).toEqual(
      expect.arrayContaining(['400', '401', '403', '409', '422', '429']),
    );
    expect(Object.keys(operations.get('GET /api/sale')?.responses ?? {})).not.toContain('409');
  });
});
