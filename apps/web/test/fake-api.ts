import {
  type Channel,
  type CurrentUser,
  type EmployeeSummary,
  type ErrorBody,
  OWNER_PERMISSIONS,
} from '@addesk/contract';
import { vi } from 'vitest';
import type { CountedPage } from '@/lib/api-client';

/** What a fake endpoint answers: a status (200 by default) and a JSON body (none for 204). */
export type FakeResponse = { status?: number; body?: unknown };
export type FakeHandler = FakeResponse | ((request: RecordedRequest) => FakeResponse);
export type RecordedRequest = {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: Headers;
  body: unknown;
  credentials: RequestCredentials | undefined;
};

/**
 * Replaces global fetch with a tiny in-test server: handlers keyed 'METHOD /api/path' (no query string).
 * Anything not listed answers 404 with a contract-shaped error body, so a forgotten call shows up in the test.
 */
export function installFakeApi(handlers: Record<string, FakeHandler>) {
  const requests: RecordedRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(typeof input === 'string' ? input : input.toString(), 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    const request: RecordedRequest = {
      method,
      path: url.pathname,
      query: url.searchParams,
      headers: new Headers(init.headers),
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      credentials: init.credentials,
    };
    requests.push(request);
    const handler = handlers[`${method} ${url.pathname}`];
    const answer: FakeResponse =
      typeof handler === 'function'
        ? handler(request)
        : (handler ?? { status: 404, body: { code: 'NOT_FOUND', message: 'Не найдено' } });
    const status = answer.status ?? 200;
    const hasBody = answer.body !== undefined && status !== 204;
    return new Response(hasBody ? JSON.stringify(answer.body) : null, {
      status,
      headers: hasBody ? { 'Content-Type': 'application/json' } : {},
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { requests, fetchMock };
}

export const signedOut: FakeResponse = {
  status: 401,
  body: { code: 'UNAUTHENTICATED', message: 'Войдите, чтобы продолжить' } satisfies ErrorBody,
};

export const demoUser = {
  id: 7,
  firstName: 'Анна',
  secondName: 'Смирнова',
  iconLink: null,
  version: 1,
  timeZone: 'Europe/Moscow',
  isOwner: true,
  permissions: OWNER_PERMISSIONS,
  team: { id: 1, name: 'Моя команда', count: 1 },
} satisfies CurrentUser;

export function countedPage<T>(items: T[], total = items.length) {
  return { items, nextCursor: items.length < total ? 'next' : null, total } satisfies CountedPage<T>;
}

export function channel(id: number, name: string, iconLink: string | null = null) {
  return {
    id,
    name,
    iconLink,
    botAdminRights: false,
    botStatus: null,
    botCanInvite: false,
    botAdminSince: null,
    description: '',
    ownerEmployeeId: demoUser.id,
    telegramNickName: `channel_${id}`,
    archivedAt: null,
  } satisfies Channel;
}

export function employee(id: number, firstName: string, secondName: string, iconLink: string | null = null) {
  return { id, employeeId: id, firstName, secondName, iconLink } satisfies EmployeeSummary;
}
