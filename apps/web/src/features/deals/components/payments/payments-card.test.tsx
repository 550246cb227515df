import { OVERPAID, type Payment } from '@addesk/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { formatDay } from '@/lib/format';
import { createQueryClient } from '@/lib/query-client';
import { type FakeHandler, installFakeApi } from '../../../../../test/fake-api';
import { PaymentsCard, type PaymentsCardProps } from './payments-card';

const payments: Payment[] = [{ id: 31, amount: 5000, paidAt: '2026-03-02', note: 'Аванс' }];
const deal: PaymentsCardProps['deal'] = {
  price: 12_500,
  paidAmount: 5000,
  paymentDueDate: '2026-03-10',
  paymentState: 'PARTLY_PAID',
};
const created: Payment = { id: 32, amount: 7500, paidAt: '2026-03-05', note: null };

function setup(handlers: Record<string, FakeHandler> = {}) {
  const api = installFakeApi({
    'GET /api/sale/5/payments': { body: payments },
    'POST /api/sale/5/payments': { status: 201, body: created },
    'DELETE /api/sale/5/payments/31': { status: 204 },
    'GET /api/sale/5': { body: {} },
    ...handlers,
  });
  const queryClient = createQueryClient();
  const invalidated: unknown[] = [];
  const invalidate = queryClient.invalidateQueries.bind(queryClient);
  queryClient.invalidateQueries = (filters, options) => {
    invalidated.push(filters?.queryKey);
    return invalidate(filters, options);
  };
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={queryClient}>
      <PaymentsCard kind="sale" id={5} deal={deal} editable />
    </QueryClientProvider>,
  );
  const posts = () => api.requests.filter((r) => r.method === 'POST');
  return { ...api, user, invalidated, posts };
}

describe('PaymentsCard', () => {
  it('shows the paid part of the price with a bar, the state, the due date and the payments', async () => {
    setup();
    const card = screen.getByRole('region', { name: 'Оплата' });
    expect(within(card).getByText('Частично')).toBeInTheDocument();
    expect(within(card).getByRole('progressbar', { name: 'Оплачено' })).toHaveAttribute(
      'aria-valuenow',
      '40',
    );
    expect(card).toHaveTextContent('Оплачено: 5 000 руб из 12 500 руб');
    expect(card).toHaveTextContent('Осталось7 500 руб');
    expect(card).toHaveTextContent('Оплатить до10.03.2026');
    const list = await screen.findByRole('list', { name: 'Оплаты' });
    expect(list).toHaveTextContent('02.03.2026');
    expect(list).toHaveTextContent('Аванс');
  });

  it('adds a payment from the sheet: what is left, today, a note; then everything money shows is stale', async () => {
    const { user, posts, invalidated } = setup();
    await user.click(screen.getByRole('button', { name: 'Добавить оплату' }));
    const sheet = await screen.findByRole('dialog', { name: 'Добавить оплату' });
    const amount = within(sheet).getByLabelText('Сумма');
    expect(amount).toHaveValue('7500');
    const [y, m, d] = formatDay(new Date()).split('-');
    expect(within(sheet).getByRole('button', { name: /Дата оплаты/ })).toHaveTextContent(`${d}.${m}.${y}`);
    await user.clear(amount);
    await user.type(amount, '2 500,50');
    await user.type(within(sheet).getByLabelText(/Комментарий/), 'Вторая часть');
    await user.click(within(sheet).getByRole('button', { name: 'Сохранить оплату' }));

    await waitFor(() => expect(posts()).toHaveLength(1));
    const post = posts()[0];
    expect(post?.path).toBe('/api/sale/5/payments');
    expect(post?.body).toEqual({ amount: 2500.5, paidAt: formatDay(new Date()), note: 'Вторая часть' });
    expect(post?.headers.get('Idempotency-Key')).toBeTruthy();
    await waitFor(() =>
      expect(invalidated).toEqual(
        expect.arrayContaining([
          ['deals', 'sale', 'detail', 5],
          ['deals', 'sale', 'list'],
          ['deals', 'sale', 'summary'],
          ['finance'],
        ]),
      ),
    );
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Добавить оплату' })).toBeNull());
  });

  it('shows the server’s refusal under the amount, in Russian, and keeps the sheet open', async () => {
    const { user } = setup({
      'POST /api/sale/5/payments': {
        status: 400,
        body: { code: 'VALIDATION_ERROR', message: OVERPAID, fieldErrors: { amount: [OVERPAID] } },
      },
    });
    await user.click(screen.getByRole('button', { name: 'Добавить оплату' }));
    const sheet = await screen.findByRole('dialog', { name: 'Добавить оплату' });
    const amount = within(sheet).getByLabelText('Сумма');
    await user.clear(amount);
    await user.type(amount, '9000');
    await user.click(within(sheet).getByRole('button', { name: 'Сохранить оплату' }));
    expect(await within(sheet).findByText('Сумма оплат больше стоимости')).toBeInTheDocument();
    expect(amount).toHaveAttribute('aria-invalid', 'true');
    expect(amount).toHaveAccessibleDescription('Сумма оплат больше стоимости');
  });

  it('refuses a zero or unreadable amount before asking the server', async () => {
    const { user, posts } = setup();
    await user.click(screen.getByRole('button', { name: 'Добавить оплату' }));
    const sheet = await screen.findByRole('dialog', { name: 'Добавить оплату' });
    const amount = within(sheet).getByLabelText('Сумма');
    await user.clear(amount);
    await user.type(amount, '0');
    await user.click(within(sheet).getByRole('button', { name: 'Сохранить оплату' }));
    expect(await within(sheet).findByText('Сумма должна быть больше 0')).toBeInTheDocument();
    await user.clear(amount);
    await user.type(amount, 'пять');
    await user.click(within(sheet).getByRole('button', { name: 'Сохранить оплату' }));
    expect(await within(sheet).findByText('Укажите сумму числом')).toBeInTheDocument();
    expect(posts()).toHaveLength(0);
  });

  it('pays what is left today in one tap', async () => {
    const { user, posts } = setup();
    await user.click(screen.getByRole('button', { name: 'Оплачено полностью' }));
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0]?.body).toEqual({ amount: 7500, paidAt: formatDay(new Date()) });
  });

  it('deletes a payment only after the confirmation', async () => {
    const { user, requests } = setup();
    const deletes = () => requests.filter((r) => r.method === 'DELETE');
    await user.click(
      await screen.findByRole('button', { name: 'Удалить оплату 5\u00a0000\u00a0руб от 02.03.2026' }),
    );
    const confirm = await screen.findByRole('dialog', { name: 'Удалить оплату?' });
    expect(deletes()).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Назад' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Удалить оплату?' })).toBeNull());
    expect(deletes()).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: /^Удалить оплату/ }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Удалить оплату?' })).getByRole('button', {
        name: 'Удалить',
      }),
    );
    await waitFor(() => expect(deletes().map((r) => r.path)).toEqual(['/api/sale/5/payments/31']));
  });

  it('offers no payment once the deal is paid', async () => {
    installFakeApi({ 'GET /api/sale/5/payments': { body: payments } });
    render(
      <QueryClientProvider client={createQueryClient()}>
        <PaymentsCard
          kind="sale"
          id={5}
          deal={{ ...deal, paidAmount: 12_500, paymentState: 'PAID' }}
          editable
        />
      </QueryClientProvider>,
    );
    expect(screen.getByText('Оплачено', { selector: '[data-payment-state]' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Добавить оплату' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Оплачено полностью' })).toBeNull();
  });
});
