import createClient from 'openapi-fetch';
import type { paths } from './vk-ord.gen.js';

// Every shape below is read from the generated description (vk-ord.gen.ts), never written by hand.
type JsonBody<Operation> = Operation extends { requestBody?: infer Body }
  ? NonNullable<Body> extends { content: { 'application/json': infer Json } }
    ? Json
    : never
  : never;

/** A party: the advertiser, an agency, a publisher (PUT /v1/person/{external_id}). */
export type OrdPerson = JsonBody<paths['/v1/person/{external_id}']['put']>;
/** A contract between two parties (PUT /v1/contract/{external_id}). */
export type OrdContract = JsonBody<paths['/v1/contract/{external_id}']['put']>;
/** An advertising venue, such as a channel (PUT /v1/pad/{external_id}). */
export type OrdPad = JsonBody<paths['/v1/pad/{external_id}']['put']>;
/** A creative, which the ОРД answers with its erid (PUT /v3/creative/{external_id}). */
export type OrdCreative = JsonBody<paths['/v3/creative/{external_id}']['put']>;
/** A whole act with its allocation to the original contracts (PUT /v4/invoice/{external_id}). */
export type OrdInvoice = JsonBody<paths['/v4/invoice/{external_id}']['put']>;
/** Views of creatives on venues not tied to an act (POST /v3/statistics). */
export type OrdStatistics = JsonBody<paths['/v3/statistics']['post']>;
/** The kinds of object ЕРИР reports on (the path's `data_type`). */
export type OrdDataType =
  paths['/v1/{data_type}/{external_id}/erir_status']['get']['parameters']['path']['data_type'];

export type OrdClient = {
  putPerson(externalId: string, body: OrdPerson): Promise<void>;
  putContract(externalId: string, body: OrdContract): Promise<void>;
  putPad(externalId: string, body: OrdPad): Promise<void>;
  putCreative(externalId: string, body: OrdCreative): Promise<{ erid: string }>;
  putInvoice(externalId: string, body: OrdInvoice): Promise<void>;
  postStatistics(body: OrdStatistics): Promise<void>;
  /** ЕРИР's verdict on one object (GET /v1/{data_type}/{external_id}/erir_status). */
  erirStatus(dataType: OrdDataType, externalId: string): Promise<{ status: string; messages: string[] }>;
};

export type OrdErrorKind = 'unauthorized' | 'rejected' | 'unavailable';

const ORD_UNAUTHORIZED = 'ОРД не принял ключ API — проверьте его в настройках';
const ORD_UNAVAILABLE = 'ОРД не отвечает, попробуем ещё раз';

/**
 * Every failure of a call, with a Russian message a user can read: 'unauthorized' (401, 403), 'rejected' (the ОРД
 * refused the data: 400, 404, 409, 422 and other 4xx, with its own text), 'unavailable' (5xx, 429, a timeout, the
 * network; worth trying again, after retryAfterMs when a 429 said so). Never carries the API key or the request.
 */
export class OrdError extends Error {
  readonly kind: OrdErrorKind;
  readonly retryAfterMs?: number;

  constructor(kind: OrdErrorKind, message: string, retryAfterMs?: number) {
    super(message);
    this.name = 'OrdError';
    this.kind = kind;
    if (retryAfterMs !== undefined) this.retryAfterMs = retryAfterMs;
  }
}

/** The root for a team: its sandbox or production. */
export function ordRoot(config: { apiRoot: string; sandboxRoot: string }, sandbox: boolean): string {
  return sandbox ? config.sandboxRoot : config.apiRoot;
}

/** Retry-After in seconds or as an HTTP date, in milliseconds from now; undefined when absent or unreadable. */
function retryAfterMs(header: string | null): number | undefined {
  if (!header) return undefined;
  const trimmed = header.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? undefined : Math.max(0, at - Date.now());
}

const MAX_MESSAGE = 1000;

/** The ОРД's own text of a refusal: `error`, then each of `errors` with its field that `error` does not already say. */
function refusalText(body: unknown, status: number): string {
  const fallback = `ОРД отклонил запрос (HTTP ${status})`;
  if (typeof body === 'string') return body.trim() || fallback;
  if (!body || typeof body !== 'object') return fallback;
  const { error, errors } = body as { error?: unknown; errors?: unknown };
  const head = typeof error === 'string' ? error.trim() : '';
  const details = Array.isArray(errors)
    ? errors.flatMap((item) => {
        if (!item || typeof item !== 'object') return [];
        const { message, field, query_param, path_param } = item as Record<string, unknown>;
        if (typeof message !== 'string' || !message || head.includes(message)) return [];
        const where = [field, query_param, path_param].find((name) => typeof name === 'string' && name);
        return [where ? `${where}: ${message}` : message];
      })
    : [];
  return [head, details.join('; ')].filter(Boolean).join(': ') || fallback;
}

export function ordClient(options: { root: string; apiKey: string; timeoutMs: number }): OrdClient {
  const { apiKey, timeoutMs } = options;
  const client = createClient<paths>({ baseUrl: options.root });
  const init = () => ({
    headers: { Authorization: `Bearer ${apiKey}` },
    signal: AbortSignal.timeout(timeoutMs),
  });
  // The key never leaves in an error, whatever the ОРД echoes back.
  const clean = (text: string) => (apiKey ? text.split(apiKey).join('***') : text).slice(0, MAX_MESSAGE);

  /** Runs one call; answers its data on 2xx, throws OrdError otherwise. */
  async function call<Data>(
    send: () => Promise<{ data?: Data; error?: unknown; response: Response }>,
  ): Promise<Data | undefined> {
    let result: Awaited<ReturnType<typeof send>>;
    try {
      result = await send();
    } catch {
      // A timeout, a refused connection, a body that is not JSON: the cause is left out, it may hold the request.
      throw new OrdError('unavailable', ORD_UNAVAILABLE);
    }
    const { response } = result;
    if (response.ok) return result.data;
    const status = response.status;
    if (status === 401 || status === 403) throw new OrdError('unauthorized', ORD_UNAUTHORIZED);
    if (status === 429) {
      throw new OrdError('unavailable', ORD_UNAVAILABLE, retryAfterMs(response.headers.get('retry-after')));
    }
    if (status >= 400 && status < 500)
      throw new OrdError('rejected', clean(refusalText(result.error, status)));
    throw new OrdError('unavailable', ORD_UNAVAILABLE);
  }

  const path = (externalId: string) => ({ path: { external_id: externalId } });

  return {
    async putPerson(externalId, body) {
      await call(() => client.PUT('/v1/person/{external_id}', { params: path(externalId), body, ...init() }));
    },
    async putContract(externalId, body) {
      await call(() =>
        client.PUT('/v1/contract/{external_id}', { params: path(externalId), body, ...init() }),
      );
    },
    async putPad(externalId, body) {
      await call(() => client.PUT('/v1/pad/{external_id}', { params: path(externalId), body, ...init() }));
    },
    async putCreative(externalId, body) {
      const data = await call(() =>
        client.PUT('/v3/creative/{external_id}', { params: path(externalId), body, ...init() }),
      );
      // 200 (updated) and 201 (created) both carry the erid.
      if (!data?.erid) throw new OrdError('unavailable', ORD_UNAVAILABLE);
      return { erid: data.erid };
    },
    async putInvoice(externalId, body) {
      await call(() =>
        client.PUT('/v4/invoice/{external_id}', { params: path(externalId), body, ...init() }),
      );
    },
    async postStatistics(body) {
      await call(() => client.POST('/v3/statistics', { body, ...init() }));
    },
    async erirStatus(dataType, externalId) {
      const data = await call(() =>
        client.GET('/v1/{data_type}/{external_id}/erir_status', {
          params: { path: { data_type: dataType, external_id: externalId } },
          ...init(),
        }),
      );
      if (!data?.erir_status) throw new OrdError('unavailable', ORD_UNAVAILABLE);
      return { status: data.erir_status, messages: data.messages ?? [] };
    },
  };
}
