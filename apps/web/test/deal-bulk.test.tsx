import type { DealKind, DealSummary } from '@addesk/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { formatDate } from '@/lib/format';
import { deal, dealListApi } from './deal-list-api';
import type { RecordedRequest } from './fake-api';
import { renderApp } from './render-app';

// Several deals at once and the bin of deleted ones (issue 33), on both kinds' lists.

vi.setConfig({ testTimeout: 30_000 });

const DAY_MS = 86_400_000;

const kinds = [
  {
    kind: 'sale',
    list: '/sales',
    two: '2 продажи',
    restored: 'Продажа восстановлена',
    empty: 'Удалённых продаж нет',
  },
  {
    kind: 'purchase',
    list: '/purchases',
    two: '2 закупки',
    restored: 'Закупка восстановлена',
    empty: 'Удалённых закупок нет',
  },
] as const satisfies ReadonlyArray<{ kind: DealKind } & Record<string, string>>;

const summary: DealSummary = {
  count: 3,
  total: 37_500,
  paid: 0,
  unpaid: 37_500,
  overdue: 0,
  cancelled: { count: 0, amount: 0 },
};
const bar = () => screen.getByRole('group', { name: 'Выбранные сделки' });
const calls = (requests: RecordedRequest[], method: string, path: string) =>
  requests.filter((r) => r.method === method && r.path === path);

describe.each(kinds)('$list', (k) => {
  const listApi = (overrides = {}) =>
    dealListApi(k.kind, {
      items: [deal(k.kind, 1), deal(k.kind, 2), deal(k.kind, 3, { price: 20_000 })],
      overrides: { [`GET /api/${k.kind}/summary`]: { body: summary }, ...overrides },
    });

  /** 'Выбрать', then the checkboxes of the first two cards (or rows); the bar loads on first use, hence the wait. */
  async function chooseTwo(user: ReturnType<typeof renderApp>['user']) {
    await user.click(await screen.findByRole('button', { name: 'Выбрать' }));
    const boxes = await screen.findAllByRole('checkbox', { name: /^Выбрать: / });
    expect(boxes).toHaveLength(3);
    await user.click(boxes[0] as HTMLElement);
    await user.click(boxes[1] as HTMLElement);
    expect(await screen.findByText('Выбрано: 2')).toBeInTheDocument();
  }

  it('changes the status of the chosen deals in one call, says so and leaves the selection mode', async () => {
    const { requests } = listApi({ [`PATCH /api/${k.kind}/bulk`]: { body: { count: 2, amount: 0 } } });
    const { user } = renderApp(k.list);
    await chooseTwo(user);
    await user.click(within(bar()).getByRole('button', { name: 'Статус' }));
    const sheet = await screen.findByRole('dialog', { name: 'Новый статус' });
    await user.click(await within(sheet).findByRole('button', { name: 'Согласована' }));

    expect(await screen.findByText(`Статус изменён: ${k.two}`)).toBeInTheDocument();
    expect(calls(requests, 'PATCH', `/api/${k.kind}/bulk`).map((r) => r.body)).toEqual([
      { ids: [1, 2], statusId: k.kind === 'sale' ? 2 : 12 },
    ]);
    await waitFor(() => expect(screen.queryByText(/^Выбрано:/)).not.toBeInTheDocument());
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
  });

  it("records 'Оплачено полностью' after asking, once per press (an Idempotency-Key)", async () => {
    const { requests } = listApi({
      [`POST /api/${k.kind}/bulk/payments`]: { status: 201, body: { count: 2, amount: 25_000 } },
    });
    const { user } = renderApp(k.list);
    await chooseTwo(user);
    await user.click(within(bar()).getByRole('button', { name: 'Оплачено полностью' }));
    const sheet = await screen.findByRole('dialog', { name: 'Записать оплату полностью?' });
    expect(within(sheet).getByText(/^Выбрано: 2/)).toBeInTheDocument();
    await user.click(within(sheet).getByRole('button', { name: 'Оплачено полностью' }));

    expect(await screen.findByText(`Оплачено: ${k.two} на 25 000 руб`)).toBeInTheDocument();
    const sent = calls(requests, 'POST', `/api/${k.kind}/bulk/payments`);
    expect(sent.map((r) => r.body)).toEqual([{ ids: [1, 2] }]);
    expect(sent[0]?.headers.get('Idempotency-Key')).toBeTruthy();
  });

  it('keeps the selection and says why when the server refuses the whole call', async () => {
    listApi({
      [`PATCH /api/${k.kind}/bulk`]: {
        status: 404,
        body: { code: 'NOT_FOUND', message: 'Продажа не найдена' },
      },
    });
    const { user } = renderApp(k.list);
    await chooseTwo(user);
    await user.click(within(bar()).getByRole('button', { name: 'Статус' }));
    const sheet = await screen.findByRole('dialog', { name: 'Новый статус' });
    await user.click(await within(sheet).findByRole('button', { name: 'Оплачена' }));
    expect(await screen.findByText('Продажа не найдена')).toBeInTheDocument();
    expect(screen.getByText('Выбрано: 2')).toBeInTheDocument();
  });

  it('forgets the chosen deals when a filter shows another list', async () => {
    listApi();
    const { user } = renderApp(k.list);
    await chooseTwo(user);
    await user.type(screen.getByRole('searchbox'), 'Ирина');
    expect(await screen.findByText('Выбрано: 0')).toBeInTheDocument();
    expect(within(bar()).getByRole('button', { name: 'Статус' })).toBeDisabled();
  });

  it('chooses rows of the table too, each by a 44 px checkbox', async () => {
    listApi();
    const { user } = renderApp(`${k.list}?view=table`);
    await user.click(await screen.findByRole('button', { name: 'Выбрать' }));
    const [first] = await screen.findAllByRole('checkbox', { name: /^Выбрать: / });
    expect(first?.closest('label')).toHaveClass('size-11');
    await user.click(first as HTMLElement);
    expect(await screen.findByText('Выбрано: 1')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Отмена' }));
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
  });

  it('leads to the bin, which lists who deleted what and when, and restores a deal with a toast', async () => {
    // Deleted two days ago: 28 of its 30 days are left.
    const deletedAt = new Date(Date.now() - 2 * DAY_MS);
    const bin = {
      items: [
        {
          ...deal(k.kind, 7, { price: 4_000 }),
          deletedAt: deletedAt.toISOString(),
          restorableUntil: new Date(deletedAt.getTime() + 30 * DAY_MS).toISOString(),
          deletedBy: { id: 7, name: 'Анна Смирнова' },
        },
      ],
      nextCursor: null,
    };
    const state = { restored: false };
    const { requests } = listApi({
      [`GET /api/${k.kind}/deleted`]: () => ({
        body: state.restored ? { items: [], nextCursor: null } : bin,
      }),
      [`POST /api/${k.kind}/7/restore`]: () => {
        state.restored = true;
        return { body: deal(k.kind, 7) };
      },
    });
    const { user, router } = renderApp(k.list);
    await user.click(await screen.findByRole('link', { name: 'Удалённые' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/${k.kind}/deleted`));
    const list = await screen.findByRole('list', {
      name: k.kind === 'sale' ? 'Удалённые продажи' : 'Удалённые закупки',
    });
    expect(within(list).getByText('4 000 руб')).toBeInTheDocument();
    expect(within(list).getByText(`Удалена ${formatDate(deletedAt)} · Анна Смирнова`)).toBeInTheDocument();
    expect(within(list).getByText('удалится через 28 дней')).toBeInTheDocument();

    await user.click(within(list).getByRole('button', { name: /^Восстановить: / }));
    expect(await screen.findByText(k.restored)).toBeInTheDocument();
    expect(await screen.findByText(k.empty)).toBeInTheDocument();
    expect(calls(requests, 'POST', `/api/${k.kind}/7/restore`)).toHaveLength(1);
    // Back in the list, it and its totals are asked again: the deal is back in them.
    await user.click(screen.getByRole('link', { name: 'Назад' }));
    await waitFor(() => expect(calls(requests, 'GET', `/api/${k.kind}/filter`).length).toBeGreaterThan(1));
    expect(calls(requests, 'GET', `/api/${k.kind}/summary`).length).toBeGreaterThan(1);
  });
});
