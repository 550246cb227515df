import type { DealKind, DealSummary } from '@addesk/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { dealApi } from './deal-api';
import { deal } from './deal-list-api';
import type { RecordedRequest } from './fake-api';
import { renderApp } from './render-app';

// Deleting a sale or a purchase from its screen (issue 16, decisions D5): a confirmation sheet, then the kind's list
// in place of the deal's screen with a toast whose 'Отменить' restores the deal.

vi.setConfig({ testTimeout: 30_000 });

const kinds = [
  {
    kind: 'sale',
    list: '/sales',
    button: 'Удалить продажу',
    question: 'Удалить продажу?',
    confirm: 'Да, удалить продажу',
    deleted: 'Продажа удалена',
    restored: 'Продажа восстановлена',
    count: '1 продажа',
    none: '0 продаж',
  },
  {
    kind: 'purchase',
    list: '/purchases',
    button: 'Удалить закупку',
    question: 'Удалить закупку?',
    confirm: 'Да, удалить закупку',
    deleted: 'Закупка удалена',
    restored: 'Закупка восстановлена',
    count: '1 закупка',
    none: '0 закупок',
  },
] as const satisfies ReadonlyArray<{ kind: DealKind } & Record<string, string>>;

const summary = (count: number): DealSummary => ({
  count,
  total: count * 12_500,
  paid: 0,
  unpaid: count * 12_500,
  overdue: 0,
  cancelled: { count: 0, amount: 0 },
});

/**
 * The deal screen's fake server with deal 5 deletable and restorable, and the kind's list and totals, which leave
 * it out while it is deleted.
 */
function deletableDealApi(kind: DealKind, remove: { status: number; body?: unknown } = { status: 204 }) {
  const state = { deleted: false };
  const api = dealApi(kind, {
    [`GET /api/${kind}/5/payments`]: { body: [] },
    [`DELETE /api/${kind}/5`]: () => {
      if (remove.status === 204) state.deleted = true;
      return remove;
    },
    [`POST /api/${kind}/5/restore`]: () => {
      state.deleted = false;
      return { body: deal(kind, 5) };
    },
    [`GET /api/${kind}/filter`]: () => ({
      body: { items: state.deleted ? [] : [deal(kind, 5)], nextCursor: null },
    }),
    [`GET /api/${kind}/summary`]: () => ({ body: summary(state.deleted ? 0 : 1) }),
    'GET /api/calendar': { body: [] },
  });
  return { ...api, state };
}

const calls = (requests: RecordedRequest[], method: string, path: string) =>
  requests.filter((r) => r.method === method && r.path === path);

describe.each(kinds)('deleting a $kind', (k) => {
  it("asks first, deletes, leads to the list without the deal, and 'Отменить' brings it back", async () => {
    const { requests } = deletableDealApi(k.kind);
    const { user, router } = renderApp(`/${k.kind}/5`);

    await user.click(await screen.findByRole('button', { name: k.button }));
    const sheet = await screen.findByRole('dialog', { name: k.question });
    expect(sheet).toHaveTextContent('«Отменить»');
    await user.click(within(sheet).getByRole('button', { name: k.confirm }));

    await waitFor(() => expect(router.state.location.pathname).toBe(k.list));
    expect(calls(requests, 'DELETE', `/api/${k.kind}/5`)).toHaveLength(1);
    // The deal's screen was replaced, not stacked under the list: Back does not return to the deleted deal.
    expect(router.history.length).toBe(1);
    const toast = (await screen.findByText(k.deleted)).closest('li') as HTMLElement;
    const totals = screen.getByRole('region', { name: 'Итоги списка' });
    await waitFor(() => expect(totals).toHaveTextContent(k.none));
    expect(screen.queryAllByRole('article')).toHaveLength(0);

    await user.click(within(toast).getByRole('button', { name: 'Отменить' }));
    expect(await screen.findByText(k.restored)).toBeInTheDocument();
    expect(calls(requests, 'POST', `/api/${k.kind}/5/restore`)).toHaveLength(1);
    expect(await screen.findAllByRole('article')).toHaveLength(1);
    await waitFor(() => expect(totals).toHaveTextContent(k.count));
  });

  it('shows a failed delete in the sheet and stays on the deal', async () => {
    const message = 'Нет связи с сервером. Проверьте интернет и попробуйте ещё раз';
    deletableDealApi(k.kind, { status: 503, body: { code: 'UPSTREAM_UNAVAILABLE', message } });
    const { user, router } = renderApp(`/${k.kind}/5`);

    await user.click(await screen.findByRole('button', { name: k.button }));
    const sheet = await screen.findByRole('dialog', { name: k.question });
    await user.click(within(sheet).getByRole('button', { name: k.confirm }));

    expect(await within(sheet).findByRole('alert')).toHaveTextContent(message);
    expect(router.state.location.pathname).toBe(`/${k.kind}/5`);
  });

  it('offers the delete only in view mode', async () => {
    deletableDealApi(k.kind);
    const { user } = renderApp(`/${k.kind}/5`);

    await user.click(await screen.findByRole('button', { name: 'Редактирование' }));
    expect(screen.queryByRole('button', { name: k.button })).not.toBeInTheDocument();
  });
});
