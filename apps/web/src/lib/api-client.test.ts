import { describe, expect, it, vi } from 'vitest';
import { demoUser, installFakeApi, signedOut } from '../../test/fake-api';
import { ApiError, apiGet, apiGetGuarded, apiRequest, apiRequestVoid, buildUrl } from './api-client';
import { isCurrentUser } from './guards';

describe('api client', () => {
  it('sends GETs under /api with the session cookie and parses the answer with the contract', async () => {
    const { requests } = installFakeApi({
      'GET /api/support': { body: { url: 'https://t.me/addesk_support', extra: 'dropped' } },
    });
    const support = await apiGet('/support', (c) => c.supportSchema);
    expect(support).toEqual({ url: 'https://t.me/addesk_support' });
    expect(requests[0]?.credentials).toBe('include');
    expect(requests[0]?.headers.get('Content-Type')).toBeNull();
  });

  it('checks a first-load answer with its guard instead of a schema', async () => {
    installFakeApi({ 'GET /api/employee': { body: demoUser } });
    await expect(apiGetGuarded('/employee', isCurrentUser)).resolves.toEqual(demoUser);

    installFakeApi({ 'GET /api/employee': signedOut });
    await expect(apiGetGuarded('/employee', isCurrentUser)).rejects.toMatchObject({
      status: 401,
      code: 'UNAUTHENTICATED',
      message: 'Войдите, чтобы продолжить',
    });
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

  it.each([
    ['its schema', () => apiGet('/employee', (c) => c.currentUserSchema)],
    ['its guard', () => apiGetGuarded('/employee', isCurrentUser)],
  ])('treats an answer that breaks %s as an internal error', async (_, call) => {
    installFakeApi({ 'GET /api/employee': { body: { id: 'seven' } } });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const error = await call().catch((e: unknown) => e);
    expect(error).toMatchObject({
      status: 200,
      code: 'INTERNAL',
      message: 'Что-то пошло не так. Мы уже в курсе ситуации и работаем над ее устранением.',
    });
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
