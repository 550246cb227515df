import { createMemoryHistory } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import { createAppRouter } from '@/app/router';
import { parentScreen } from '@/lib/deep-link-entry';
import { createQueryClient } from '@/lib/query-client';

// Issue 33: a screen opened by a link gets its parent as the entry behind it (lib/deep-link-entry.ts); which parent,
// against the app's real route tree. What Back then does is e2e/tests/back.spec.ts's.

const router = createAppRouter({ queryClient: createQueryClient(), history: createMemoryHistory() });

describe('parentScreen', () => {
  it.each([
    ['/sale/41', '/sales'],
    ['/sale/new', '/sales'],
    ['/purchase/7', '/purchases'],
    ['/purchase/new', '/purchases'],
    ['/sales', '/dashboard'],
    ['/finance', '/dashboard'],
    ['/channels/5', '/channels'],
    ['/channels/5/employees/add', '/channels/5/employees'],
    ['/channels/5/employees/', '/channels/5'],
    ['/employees/3', '/employees'],
    ['/profile/settings/notifications', '/profile/settings'],
    ['/profile/tariff/setka-10/free-prolongation', '/profile/tariff/setka-10'],
    ['/channels/5/no/such/page', '/channels/5'],
  ])('%s comes back to %s', (path, parent) => {
    expect(parentScreen(router, path)).toBe(parent);
  });

  it('gives the dashboard no parent', () => {
    expect(parentScreen(router, '/dashboard')).toBeUndefined();
  });
});
