import { describe, expect, it, vi } from 'vitest';
import { installFakeApi } from '../../test/fake-api';
import { ApiError, apiGet, apiRequest, apiRequestVoid, buildUrl } from './api-client';

describe('api client', () => {
  it('sends GETs under /api with the session cookie and parses the answer with the contract', async () => {
    const { requests } = installFakeApi({
      'GET /api/auth/providers': { body: { google: true, yandex: false, demo: true, extra: 'dropped' } },
    });
    const providers = await apiGet('/auth/providers', (c) => c.authProvidersSchema);
    expect(providers).toEqual({ google: true, yandex: false, demo: true });
    expect(requests[0]?.credentials).toBe('include');
    expect(requests[0]?.headers.get('Content-Type')).toBeNull();
  });

  it('builds query strings without empty values', () => {
    expect(buildUrl('/channel', { limit: 3, cursor: undefined, q: '' })).toBe('/api/channel?limit=3');
    expect(buildUrl('/employee')).toBe('/api/employee');
  });

  it('sends Content-Type only with a body', async () => {
    const { requests } = installFakeApi({
      'POST /api/auth/logout': { status: 204 },
      'POST /api/channel': { body: { items: [], nextCursor: null } },
    });
    await apiRequestVoid('POST', '/auth/logout');
    await apiRequest('POST', '/channel', (c) => c.page(c.channelSchema), { body: { telegramNickName: 'x' } });
    expect(requests[0]?.headers.get('Content-Type')).toBeNull();
    expect(requests[1]?.headers.get('Content-Type')).toBe('application/json');
    expect(requests[1]?.body).toEqual({ telegramNickName: 'x' });
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
    const error = await apiGet('/channel', (c) => c.page(c.channelSchema)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 422,
      code: 'VALIDATION_ERROR',
      message: 'Проверьте данные',
      fieldErrors: { limit: ['Слишком много'] },
    });
  });

  it('gives a Russian message when a failure has no error body', async () => {
    installFakeApi({ 'GET /api/channel': { status: 503 } });
    await expect(apiGet('/channel', (c) => c.page(c.channelSchema))).rejects.toMatchObject({
      status: 503,
      code: 'UPSTREAM_UNAVAILABLE',
      message: 'Сервис временно недоступен. Попробуйте позже',
    });
  });

  it('treats an answer that breaks the contract as an internal error', async () => {
    installFakeApi({ 'GET /api/employee': { body: { id: 'seven' } } });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const error = await apiGet('/employee', (c) => c.currentUserSchema).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 200, code: 'INTERNAL' });
    expect(logged).toHaveBeenCalledOnce();
  });

  it('turns a network failure into an ApiError with status 0', async () => {
    const { fetchMock } = installFakeApi({});
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(apiGet('/employee', (c) => c.currentUserSchema)).rejects.toMatchObject({
      status: 0,
      code: 'UPSTREAM_UNAVAILABLE',
    });
  });
});
