import { type ErrorBody, type ErrorCode, errorMessages, type z } from '@addesk/contract';
import { type Guard, isErrorBody } from './guards';
import type * as Schemas from './schemas';

/**
 * The one way the web app talks to the server: fetch under /api with the session cookie, JSON in and out,
 * every response checked against the contract, every failure thrown as an ApiError carrying the server's error
 * body (`{ code, message, fieldErrors? }`).
 *
 * Responses are parsed with their contract schemas. The schemas (and zod with them) are imported lazily, on the
 * first such call: they are then fetched in parallel with that request instead of weighing on the first-load chunk.
 * Fetchers name their schema through a picker: `apiGet('/channel/1', (c) => c.channelSchema)`; the picker sees
 * the exports of ./schemas.ts. The few answers a first screen waits for use `apiGetGuarded` with a plain check
 * from ./guards.ts instead, so that no first screen waits for zod; error bodies are checked that way too.
 */
export type ContractModule = typeof Schemas;
export type SchemaPicker<S extends z.ZodType> = (contract: ContractModule) => S;

export const API_BASE = '/api';

let contractModule: Promise<ContractModule> | undefined;

function loadContract(): Promise<ContractModule> {
  contractModule ??= import('./schemas');
  return contractModule;
}

const NETWORK_ERROR_MESSAGE = 'Нет связи с сервером. Проверьте интернет и попробуйте ещё раз';

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

async function toApiError(response: Response): Promise<ApiError> {
  const json = await readJson(response);
  if (isErrorBody(json)) return new ApiError(response.status, json);
  const code = codeForStatus(response.status);
  return new ApiError(response.status, { code, message: errorMessages[code] });
}

/** The server broke the contract: a bug, not something the user can fix. */
function contractBroken(method: string, path: string, response: Response, cause: unknown) {
  console.error(`Ответ ${method} ${path} не совпал с контрактом`, cause);
  return new ApiError(response.status, { code: 'INTERNAL', message: errorMessages.INTERNAL }, { cause });
}

async function send(method: string, path: string, options: RequestOptions): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const init: RequestInit = { method, headers, credentials: 'include' };
  if (options.signal) init.signal = options.signal;
  if (options.body !== undefined) {
    // Only with a body: a bodiless POST with this header is an empty-JSON error on the server.
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(options.body);
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

/** A call answered with JSON of the picked schema. */
export async function apiRequest<S extends z.ZodType>(
  method: string,
  path: string,
  pick: SchemaPicker<S>,
  options: RequestOptions = {},
): Promise<z.output<S>> {
  const [contract, response] = await Promise.all([loadContract(), send(method, path, options)]);
  if (!response.ok) throw await toApiError(response);
  const parsed = pick(contract).safeParse(await readJson(response));
  if (!parsed.success) throw contractBroken(method, path, response, parsed.error);
  return parsed.data;
}

/** A call answered with no content (204). */
export async function apiRequestVoid(
  method: string,
  path: string,
  options: RequestOptions = {},
): Promise<void> {
  const response = await send(method, path, options);
  if (!response.ok) throw await toApiError(response);
}

export function apiGet<S extends z.ZodType>(
  path: string,
  pick: SchemaPicker<S>,
  options?: Omit<RequestOptions, 'body'>,
): Promise<z.output<S>> {
  return apiRequest('GET', path, pick, options);
}

/** A call whose answer a first screen waits for: checked by a plain guard (./guards.ts), no zod to fetch first. */
export async function apiRequestGuarded<T>(
  method: string,
  path: string,
  guard: Guard<T>,
  options: RequestOptions = {},
): Promise<T> {
  const response = await send(method, path, options);
  if (!response.ok) throw await toApiError(response);
  const json = await readJson(response);
  if (!guard(json)) throw contractBroken(method, path, response, json);
  return json;
}

export function apiGetGuarded<T>(
  path: string,
  guard: Guard<T>,
  options?: Omit<RequestOptions, 'body'>,
): Promise<T> {
  return apiRequestGuarded('GET', path, guard, options);
}
