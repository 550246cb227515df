import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { type AjvCustomizer, type Context, type Document, OpenAPIBackend } from 'openapi-backend';

/** The same description the client's types are generated from. */
const DESCRIPTION = fileURLToPath(new URL('../../src/modules/ord/vk-ord.openapi.yaml', import.meta.url));

export const FAKE_ORD_KEY = 'test-ord-key';

/** The kinds of object the fake keeps, as the description's `data_type` names them. */
export type FakeOrdKind = 'person' | 'contract' | 'pad' | 'creative' | 'invoice' | 'statistics';

export type FakeOrdRequest = { method: string; path: string; operationId: string | null; body: unknown };

type Json = Record<string, unknown>;
type Answer = { status: number; body?: unknown; headers?: Record<string, string> };
type ErrorItem = {
  error_code: string;
  message: string;
  field?: string;
  query_param?: string;
  path_param?: string;
};

const NAMES: Record<string, string> = {
  person: 'Контрагент',
  contract: 'Договор',
  pad: 'Площадка',
  creative: 'Креатив',
  invoice: 'Акт',
  statistics: 'Статистика',
  cid: 'CID',
};

const errorBody = (error: string, errors: ErrorItem[]) => ({ error, errors });

/**
 * Makes the description compilable by ajv without changing what it accepts, in memory (the file stays as VK ОРД
 * publishes it):
 * - `nullable` beside no `type` (on an `allOf` or a `$ref`): ajv refuses to compile it; it becomes
 *   `anyOf: [the schema, {enum: [null]}]`, which is what it means.
 * - a `oneOf` of branches that each only list one optional property (the v3 creative's contract_external_ids |
 *   person_external_id | cids, an act item's contract_external_id | cid): as written every object matches all the
 *   branches and fails `oneOf`, and the parent's `additionalProperties: false` refuses the three fields. Each branch
 *   now requires its field, and the parent lists them, so exactly one of them must be sent, as VK ОРД's docs say.
 */
function repairForAjv(node: unknown): void {
  if (Array.isArray(node)) {
    for (const item of node) repairForAjv(item);
    return;
  }
  if (!node || typeof node !== 'object') return;
  const schema = node as Json;
  if (typeof schema.nullable === 'boolean' && schema.type === undefined) {
    const { nullable, description, ...rest } = schema;
    for (const key of Object.keys(schema)) delete schema[key];
    if (description !== undefined) schema.description = description;
    if (nullable) schema.anyOf = [rest, { enum: [null] }];
    else Object.assign(schema, rest);
  }
  const branches = schema.oneOf;
  if (Array.isArray(branches)) {
    const single = branches.every(
      (b) =>
        b &&
        typeof b === 'object' &&
        !('required' in b) &&
        Object.keys((b as Json).properties ?? {}).length === 1,
    );
    if (single) {
      for (const branch of branches as Json[]) {
        const properties = branch.properties as Json;
        branch.required = Object.keys(properties);
        if (schema.additionalProperties === false) {
          schema.properties = { ...(schema.properties as Json | undefined), ...structuredClone(properties) };
        }
      }
    }
  }
  for (const value of Object.values(schema)) repairForAjv(value);
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}:\d{2}(\.\d+)?([Zz]|[+-]\d{2}:?\d{2})$/;
const isDate = (text: string) => {
  const match = DATE.exec(text);
  if (!match) return false;
  const at = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(at.getTime()) && at.toISOString().startsWith(text);
};

/** The description's string formats that openapi-backend's ajv does not know by itself. */
const withFormats: AjvCustomizer = (ajv) =>
  ajv
    .addFormat('date', isDate)
    .addFormat('date-time', (text: string) => DATE_TIME.test(text) && !Number.isNaN(Date.parse(text)))
    .addFormat('binary', true);

/** ajv's errors as the description's 400 items: where (a body field, a path or query parameter) and ajv's words. */
function validationItems(context: Context): ErrorItem[] {
  return (context.validation.errors ?? []).map((e) => {
    const [part, ...rest] = e.instancePath.split('/').filter(Boolean);
    const params = e.params as Json;
    const missing = e.keyword === 'required' ? [String(params.missingProperty)] : [];
    const field = [...rest, ...missing].join('.') || 'body';
    const allowed = Array.isArray(params.allowedValues) ? ` (${params.allowedValues.join(', ')})` : '';
    const item: ErrorItem = {
      error_code: `common_validation_${e.keyword}`,
      message: `${e.message ?? 'is invalid'}${allowed}`,
    };
    if (part === 'query') item.query_param = field;
    else if (part === 'path') item.path_param = field;
    else item.field = field;
    return item;
  });
}

let prepared: Promise<Document> | undefined;
/** The description parsed, repaired, checked against OpenAPI's own schema and dereferenced: once per process. */
function definition() {
  prepared ??= (async () => {
    const document = (await new OpenAPIBackend({ definition: DESCRIPTION }).loadDocument()) as Document;
    repairForAjv(document);
    const checked = new OpenAPIBackend({ definition: document, strict: true, validate: false });
    await checked.init();
    return checked.definition;
  })();
  return prepared;
}

/**
 * A local VK ОРД for tests and the end-to-end run: a node:http server on 127.0.0.1 that routes and validates every
 * request with openapi-backend against the same vk-ord.openapi.yaml the client is generated from (bodies, path
 * parameters and queries; a request it refuses answers 400 in the description's error shape, the ajv errors in the
 * text), checks `Authorization: Bearer <apiKey>` (401 otherwise), keeps persons, contracts, pads, creatives, acts and
 * statistics in memory by external id (a PUT creates with 201 or updates with 200), checks that what an object names
 * exists (404 otherwise), answers a creative's erid (`2Vtzqx<n>`, the same for the same external id) and ЕРИР's
 * status of an object ('processing' after a PUT, or what setErirStatus said). Operations it does not implement answer
 * the description's example (mockResponseForOperation).
 */
export async function startFakeVkOrd(options: { port?: number; apiKey?: string } = {}) {
  const apiKey = options.apiKey ?? FAKE_ORD_KEY;
  const requests: FakeOrdRequest[] = [];
  const objects: Record<FakeOrdKind, Map<string, unknown>> = {
    person: new Map(),
    contract: new Map(),
    pad: new Map(),
    creative: new Map(),
    invoice: new Map(),
    statistics: new Map(),
  };
  const erids = new Map<string, string>();
  /** When each object was last PUT, by `kind:external id`. */
  const updated = new Map<string, string>();
  /** ЕРИР's verdicts set by setErirStatus, by external id; a new PUT of the object puts it back to 'processing'. */
  const verdicts = new Map<string, { status: string; messages: string[]; at: string }>();
  /** Statistics' external ids by creative, pad and period: posting the same again updates it. */
  const statisticsIds = new Map<string, string>();
  const failures: { status: number; retryAfter?: string; operationId?: string }[] = [];
  let delayMs = 0;

  const notFound = (kind: string, id: string, field = 'external_id'): Answer => ({
    status: 404,
    body: errorBody('Объект не найден', [
      { error_code: 'common_not_found_error', message: `${NAMES[kind] ?? kind} ${id} не найден`, field },
    ]),
  });
  /** The first object a body names that the fake does not hold, as a 404. */
  const missing = (checks: [FakeOrdKind, string, unknown][]): Answer | undefined => {
    for (const [kind, field, id] of checks) {
      if (typeof id === 'string' && !objects[kind].has(id)) return notFound(kind, id, field);
    }
    return undefined;
  };
  const store = (kind: FakeOrdKind, id: string, body: unknown, answer: unknown = {}): Answer => {
    const existed = objects[kind].has(id);
    objects[kind].set(id, body);
    updated.set(`${kind}:${id}`, new Date().toISOString());
    verdicts.delete(id);
    return { status: existed ? 200 : 201, body: answer };
  };
  const idOf = (c: Context) => String(c.request.params.external_id);
  const bodyOf = (c: Context) => (c.request.requestBody ?? {}) as Json;

  const api = new OpenAPIBackend({
    definition: await definition(),
    strict: true,
    // Already checked and dereferenced once: each operation's validators compile on its first request.
    quick: true,
    customizeAjv: withFormats,
    handlers: {
      'v1-create-person': (c: Context) => store('person', idOf(c), bodyOf(c)),
      'v1-create-contract': (c: Context) => {
        const body = bodyOf(c);
        return (
          missing([
            ['person', 'client_external_id', body.client_external_id],
            ['person', 'contractor_external_id', body.contractor_external_id],
            ['contract', 'parent_contract_external_id', body.parent_contract_external_id],
          ]) ?? store('contract', idOf(c), body)
        );
      },
      'v1-create-pad': (c: Context) => {
        const body = bodyOf(c);
        return (
          missing([['person', 'person_external_id', body.person_external_id]]) ?? store('pad', idOf(c), body)
        );
      },
      'v3-create-creative': (c: Context) => {
        const body = bodyOf(c);
        const contracts = Array.isArray(body.contract_external_ids) ? body.contract_external_ids : [];
        const refused = missing([
          ['person', 'person_external_id', body.person_external_id],
          ...contracts.map((id): [FakeOrdKind, string, unknown] => ['contract', 'contract_external_ids', id]),
        ]);
        if (refused) return refused;
        const id = idOf(c);
        const erid = erids.get(id) ?? `2Vtzqx${erids.size + 1}`;
        erids.set(id, erid);
        return store('creative', id, body, { erid });
      },
      'v4-create-whole-invoice': (c: Context) => {
        const body = bodyOf(c);
        return (
          missing([['contract', 'contract_external_id', body.contract_external_id]]) ??
          store('invoice', idOf(c), body)
        );
      },
      'v3-create-statistics': (c: Context) => {
        const items = (bodyOf(c).items ?? []) as Json[];
        for (const item of items) {
          const refused = missing([
            ['creative', 'creative_external_id', item.creative_external_id],
            ['pad', 'pad_external_id', item.pad_external_id],
          ]);
          if (refused) return refused;
        }
        const ids = items.map((item) => {
          const key = [
            item.creative_external_id,
            item.pad_external_id,
            item.date_start_actual,
            item.date_end_actual,
          ];
          const id = statisticsIds.get(key.join('|')) ?? `stat-${statisticsIds.size + 1}`;
          statisticsIds.set(key.join('|'), id);
          store('statistics', id, item);
          return id;
        });
        return { status: 200, body: { external_ids: ids } };
      },
      'v1-get-person': (c: Context) => read('person', idOf(c)),
      'v1-get-contract': (c: Context) => read('contract', idOf(c)),
      'v1-get-pad': (c: Context) => read('pad', idOf(c)),
      'v3-get-creative': (c: Context) => {
        const answer = read('creative', idOf(c));
        return answer.status === 200
          ? { status: 200, body: { ...(answer.body as Json), erid: erids.get(idOf(c)) } }
          : answer;
      },
      'v4-get-invoice': (c: Context) => read('invoice', idOf(c)),
      'v1-get-object-processing-status': (c: Context) => {
        const id = idOf(c);
        const kind = String(c.request.params.data_type) as FakeOrdKind;
        const verdict = verdicts.get(id);
        const at = updated.get(`${kind}:${id}`);
        if (!verdict && !at) return notFound(kind, id);
        const status = verdict?.status ?? 'processing';
        const final = verdict && status !== 'processing' ? verdict.at : null;
        return {
          status: 200,
          body: {
            erir_status: status,
            updated_by_user_ts: at ?? verdict?.at,
            processed_by_ord_ts: at ?? verdict?.at,
            sent_to_erir_ts: final,
            verified_by_erir_ts: status === 'verified' ? final : null,
            finalized_ts: final,
            messages: verdict?.messages ?? [],
          },
        };
      },
      notImplemented: (c: Context) => {
        const { status, mock } = c.api.mockResponseForOperation(c.operation.operationId ?? '');
        return { status, body: mock };
      },
      validationFail: (c: Context) => {
        const items = validationItems(c);
        return {
          status: 400,
          body: errorBody(
            `Запрос не прошёл проверку: ${items
              .map((i) => `${i.field ?? i.path_param ?? i.query_param}: ${i.message}`)
              .join('; ')}`,
            items,
          ),
        };
      },
      unauthorizedHandler: () => ({
        status: 401,
        body: errorBody('Ошибка авторизации', [
          { error_code: 'common_authorization_error', message: 'Authorization error' },
        ]),
      }),
      notFound: (c: Context) => ({
        status: 404,
        body: errorBody('Метод не найден', [
          {
            error_code: 'common_not_found_error',
            message: `${c.request.method} ${c.request.path} не найден`,
          },
        ]),
      }),
      methodNotAllowed: () => ({
        status: 405,
        body: errorBody('Метод не поддерживается', [
          { error_code: 'common_method_not_allowed', message: 'Method not allowed' },
        ]),
      }),
    },
    securityHandlers: {
      Bearer: (c: Context) => c.request.headers.authorization === `Bearer ${apiKey}`,
    },
  });
  await api.init();

  function read(kind: FakeOrdKind, id: string): Answer {
    const found = objects[kind].get(id);
    return found === undefined ? notFound(kind, id) : { status: 200, body: found };
  }

  async function answer(req: IncomingMessage, raw: string): Promise<Answer> {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    let body: unknown = raw;
    if (raw) {
      try {
        body = JSON.parse(raw);
      } catch {
        return {
          status: 400,
          body: errorBody('Тело запроса — не JSON', [
            { error_code: 'common_invalid_json', message: 'invalid JSON' },
          ]),
        };
      }
    }
    const request = {
      method: req.method ?? 'GET',
      path: url.pathname,
      query: url.search.slice(1),
      headers: req.headers as Record<string, string | string[]>,
      body,
    };
    const operation = api.matchOperation(request);
    requests.push({
      method: request.method,
      path: url.pathname,
      operationId: operation?.operationId ?? null,
      body,
    });
    // The first failure asked for that fits this request: any, or one of this operation.
    const at = failures.findIndex(
      (f) => f.operationId === undefined || f.operationId === operation?.operationId,
    );
    const failure = at < 0 ? undefined : failures.splice(at, 1)[0];
    if (failure) {
      return {
        status: failure.status,
        headers: failure.retryAfter ? { 'retry-after': failure.retryAfter } : undefined,
        body: errorBody('Внутренняя ошибка', [
          { error_code: 'common_internal_error', message: 'Internal error' },
        ]),
      };
    }
    return (await api.handleRequest(request)) as Answer;
  }

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      void (async () => {
        const result = await answer(req, Buffer.concat(chunks).toString('utf8')).catch(
          (error: unknown): Answer => ({
            status: 500,
            body: errorBody(String(error), [{ error_code: 'fake_error', message: String(error) }]),
          }),
        );
        if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
        if (res.destroyed || res.writableEnded) return;
        const text = result.body === undefined ? '' : JSON.stringify(result.body);
        res.writeHead(result.status, {
          ...(text ? { 'content-type': 'application/json; charset=utf-8' } : {}),
          ...result.headers,
        });
        res.end(text);
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    apiKey,
    /** Every request in order, refused ones too; operationId is null when no operation matched. */
    requests,
    /** What each PUT stored, by kind and external id (statistics by the ids the fake answered). */
    objects,
    /**
     * The next `count` requests (of `operationId` only, when given) answer `status` (429 comes with Retry-After:
     * `retryAfter` seconds, 2 unless said).
     */
    failNext(count: number, status = 500, retryAfter?: string, operationId?: string) {
      for (let i = 0; i < count; i++) {
        failures.push({
          status,
          retryAfter: retryAfter ?? (status === 429 ? '2' : undefined),
          ...(operationId ? { operationId } : {}),
        });
      }
    },
    /** Every answer from now on waits `ms` first (0 ends it). */
    delay(ms: number) {
      delayMs = ms;
    },
    /**
     * What ЕРИР says of the object with this external id, of whatever kind ('processing', 'bad', 'verified'), until
     * the object is PUT again. An id never PUT answers 404 until this is called.
     */
    setErirStatus(externalId: string, status: string, messages: string[] = []) {
      verdicts.set(externalId, { status, messages, at: new Date().toISOString() });
    },
    close() {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type FakeVkOrd = Awaited<ReturnType<typeof startFakeVkOrd>>;
