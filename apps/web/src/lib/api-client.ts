import type { countedPage, ErrorBody, page, z } from '@addesk/contract';
import { type ErrorCode, errorCodes, errorMessages } from '@addesk/contract/plain';

/**
 * The one way the web app talks to the server: fetch under /api with the session cookie, JSON in and out, every
 * failure thrown as an ApiError carrying the server's error body (`{ code, message, fieldErrors? }`).
 *
 * A response is typed with the contract's type of its answer and not parsed again (decisions D5): the server shapes
 * every answer with the contract's schema, so a second check here would only be a second source of truth, and zod
 * with it would weigh on every first screen (decision 009). Only error bodies are checked, because a proxy or a
 * crashed server can answer a failure that is not ours.
 */

export const API_BASE = '/api';

/** The contract's `page(item)`: one page of a list and the cursor of the next. */
export type Page<T> = z.infer<ReturnType<typeof page<z.ZodType<T>>>>;
/** The contract's `countedPage(item)`: a page of a short team list with the list's total. */
export type CountedPage<T> = z.infer<ReturnType<typeof countedPage<z.ZodType<T>>>>;

/** What a call that never reached the server says (no connection, the server down). */
export const NETWORK_ERROR_MESSAGE = 'Нет связи с сервером. Проверьте интернет и попробуйте ещё раз';

export class ApiError extends Error {
  readonly status: number;
  readonly code: ErrorCode;
  readonly fieldErrors: Record<string, string[]> | undefined;
  readonly body: ErrorBody;

  constructor(status: number, body: ErrorBody, options?: { cause?: unknown }) {
    super(body.message, options);
    this.name = 'ApiError';
    this.status = status;
    this.code = body.code;
    this.fieldErrors = body.fieldErrors;
    this.body = body;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** The call never reached the server (no connection, the server down): fetch itself failed. */
export function isNetworkError(error: unknown): boolean {
  return isApiError(error) && error.status === 0;
}

export function isUnauthenticated(error: unknown): boolean {
  return isApiError(error) && error.status === 401;
}

/** The code a bare status stands for, when a response carries no (valid) error body. */
function codeForStatus(status: number): ErrorCode {
  if (status === 400 || status === 422) return 'VALIDATION_ERROR';
  if (status === 401) return 'UNAUTHENTICATED';
  if (status === 403) return 'FORBIDDEN';
  if (status === 404) return 'NOT_FOUND';
  if (status === 409) return 'CONFLICT';
  if (status === 429) return 'RATE_LIMITED';
  if (status === 502 || status === 503 || status === 504) return 'UPSTREAM_UNAVAILABLE';
  return 'INTERNAL';
}

export type QueryValue = string | number | boolean | null | undefined;

export type RequestOptions = {
  query?: Record<string, QueryValue>;
  body?: unknown;
  /** A file sent as the body itself (an import's CSV or XLSX), with its own type as the Content-Type; not with `body`. */
  file?: Blob;
  signal?: AbortSignal;
  /** A create call: sent with an `Idempotency-Key` header, one per submit attempt (decisions D5). */
  idempotent?: boolean;
};

const attemptKeys = new WeakMap<object, string>();

/**
 * The `Idempotency-Key` of a submit attempt. Each press of a submit button builds a new body object, so it gets a
 * new key; sending that same object again (a retry of the attempt) sends the same key, and the server answers the
 * first result instead of creating a second record.
 */
function attemptKey(body: object): string {
  let key = attemptKeys.get(body);
  if (key === undefined) {
    key = crypto.randomUUID();
    attemptKeys.set(body, key);
  }
  return key;
}

export function buildUrl(path: string, query?: Record<string, QueryValue>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    search.set(key, String(value));
  }
  const qs = search.toString();
  return `${API_BASE}${path}${qs ? `?${qs}` : ''}`;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** An error body of ours: a known code, a message and, if any, field errors as an object. */
export function isErrorBody(value: unknown): value is ErrorBody {
  return (
    isRecord(value) &&
    (errorCodes as readonly unknown[]).includes(value.code) &&
    typeof value.message === 'string' &&
    (value.fieldErrors === undefined || isRecord(value.fieldErrors))
  );
}

async function toApiError(response: Response): Promise<ApiError> {
  const json = await readJson(response);
  if (isErrorBody(json)) return new ApiError(response.status, json);
  const code = codeForStatus(response.status);
  return new ApiError(response.status, { code, message: errorMessages[code] });
}

async function send(method: string, path: string, options: RequestOptions): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const init: RequestInit = { method, headers, credentials: 'include' };
  if (options.signal) init.signal = options.signal;
  if (options.body !== undefined) {
    // Only with a body: a bodiless POST with this header is an empty-JSON error on the server.
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(options.body);
  } else if (options.file !== undefined) {
    headers['Content-Type'] = options.file.type || 'application/octet-stream';
    init.body = options.file;
  }
  if (options.idempotent && typeof options.body === 'object' && options.body !== null) {
    headers['Idempotency-Key'] = attemptKey(options.body);
  }
  try {
    return await fetch(buildUrl(path, options.query), init);
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, { code: 'UPSTREAM_UNAVAILABLE', message: NETWORK_ERROR_MESSAGE }, { cause: error });
  }
}

/**
 * A call to the API, its answer typed by the caller with the contract's type: `apiRequest<Channel>('GET', '/channel/1')`.
 * A 204 answers undefined (`apiRequest('DELETE', ...)`, T defaults to void).
 */
export async function apiRequest<T = void>(
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  path: string,
  options: RequestOptions = {},
): Promise<T> {
  const response = await send(method, path, options);
  if (!response.ok) throw await toApiError(response);
  return (await readJson(response)) as T;
}
