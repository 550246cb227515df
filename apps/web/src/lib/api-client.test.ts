import type { CurrentUser } from '@addesk/contract';
import { describe, expect, it } from 'vitest';
import { demoUser, installFakeApi, signedOut } from '../../test/fake-api';
import { ApiError, apiRequest, buildUrl, isErrorBody } from './api-client';

describe('api client', () => {
  it('sends GETs under /api with the session cookie and answers the JSON as the server sent it', async () => {
    const { requests } = installFakeApi({ 'GET /api/employee': { body: demoUser } });
    await expect(apiRequest<CurrentUser>('GET', '/employee')).resolves.toEqual(demoUser);
    expect(requests[0]?.credentials).toBe('include');
    expect(requests[0]?.headers.get('Content-Type')).toBeNull();

    installFakeApi({ 'GET /api/employee': signedOut });
    await expect(apiRequest<CurrentUser>('GET', '/employee')).rejects.toMatchObject({
      status: 401,
      code: 'UNAUTHENTICATED',
      message: 'Войдите, чтобы продолжить',
    });
  });

  it('builds query strings without empty values', () => {
    expect(buildUrl('/channel', { limit: 3, cursor: undefined, q: '' })).toBe('/api/channel?limit=3');
    expect(buildUrl('/employee')).toBe('/api/employee');
  });

  it('sends Content-Type only with a body, and answers undefined for 204', async () => {
    const { requests } = installFakeApi({
      'POST /api/auth/logout': { status: 204 },
      'POST /api/channel': { status: 201, body: { id: 1 } },
    });
    await expect(apiRequest('POST', '/auth/logout')).resolves.toBeUndefined();
    await apiRequest('POST', '/channel', { body: { telegramNickName: 'x' } });
    expect(requests[0]?.headers.get('Content-Type')).toBeNull();
    expect(requests[1]?.headers.get('Content-Type')).toBe('application/json');
    expect(requests[1]?.body).toEqual({ telegramNickName: 'x' });
  });

  it('sends a file as the body itself, under its own type', async () => {
    const { requests, fetchMock } = installFakeApi({ 'POST /api/import': { status: 201, body: { id: 1 } } });
    const file = new Blob(['a;b\n'], { type: 'text/csv' });
    await apiRequest('POST', '/import', { query: { kind: 'sale' }, file });
    expect(requests[0]?.headers.get('Content-Type')).toBe('text/csv');
    expect(fetchMock.mock.calls[0]?.[1]?.body).toBe(file);
  });

  it('throws an ApiError carrying the error body', async () => {
    installFakeApi({
      'GET /api/channel': {
        status: 422,
        body: {
          code: 'VALIDATION_ERROR',
          message: 'Проверьте данные',
          fieldErrors: { limit: ['Слишком много'] },
        },
      },
    });
    const error = await apiRequest('GET', '/channel').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 422,
      code: 'VALIDATION_ERROR',
      message: 'Проверьте данные',
      fieldErrors: { limit: ['Слишком много'] },
    });
  });

  it.each([
    ['no body', undefined],
    ["a proxy's body", { error: 'Bad Gateway' }],
    ['an unknown code', { code: 'TEAPOT', message: 'Я чайник' }],
  ])('gives the Russian message of the status when a failure carries %s', async (_, body) => {
    installFakeApi({ 'GET /api/channel': { status: 503, body } });
    await expect(apiRequest('GET', '/channel')).rejects.toMatchObject({
      status: 503,
      code: 'UPSTREAM_UNAVAILABLE',
      message: 'Сервис временно недоступен. Попробуйте позже',
    });
  });

  it('takes as an error body only a known code with a message', () => {
    expect(isErrorBody({ code: 'NOT_FOUND', message: 'Не найдено' })).toBe(true);
    expect(isErrorBody({ code: 'CONFLICT', message: 'Есть', fieldErrors: { name: ['Занято'] } })).toBe(true);
    expect(isErrorBody({ code: 'NOT_FOUND' })).toBe(false);
    expect(isErrorBody({ code: 'NOT_FOUND', message: 'Не найдено', fieldErrors: ['name'] })).toBe(false);
    expect(isErrorBody('Not Found')).toBe(false);
    expect(isErrorBody(null)).toBe(false);
  });

  it('turns a network failure into an ApiError with status 0', async () => {
    const { fetchMock } = installFakeApi({});
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(apiRequest('GET', '/employee')).rejects.toMatchObject({
      status: 0,
      code: 'UPSTREAM_UNAVAILABLE',
    });
  });
});
