import { describe, expect, it } from 'vitest';
import { installFakeApi } from '../../test/fake-api';
import { apiRequest } from './api-client';

describe('Idempotency-Key of create calls (decisions D5)', () => {
  it('sends one key per submit attempt: the same body object again keeps it, a new one gets a new key', async () => {
    const created = { id: 1, name: 'Канал', iconLink: null, botAdminRights: false, description: '' };
    const { requests } = installFakeApi({
      'POST /api/channel': { status: 201, body: { ...created, ownerEmployeeId: 1, telegramNickName: 'x' } },
    });
    const send = (body: object) => apiRequest('POST', '/channel', { body, idempotent: true });
    const attempt = { telegramNickName: 'x' };
    await send(attempt);
    await send(attempt);
    await send({ telegramNickName: 'x' });
    const keys = requests.map((r) => r.headers.get('Idempotency-Key'));
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[0]);

    await apiRequest('POST', '/channel', { body: attempt });
    expect(requests[3]?.headers.get('Idempotency-Key')).toBeNull();
  });
});
