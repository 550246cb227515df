import type { Client, ClientItem } from '@addesk/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { dealApi, savedContact } from './deal-api';
import { demoUser, installFakeApi } from './fake-api';
import { renderApp } from './render-app';

// Clients (issue 33): the list with its search, a client's card with its deals, the merge, and the way in from a deal.

vi.setConfig({ testTimeout: 20_000 });

const alfa: ClientItem = {
  id: 5,
  name: 'Алина Маркетова',
  username: 'alina_mkt',
  iconLink: null,
  deals: 3,
  total: 25_000,
  paid: 12_500,
  debt: 12_500,
  lastDealDate: '2026-03-05',
};
const twin: ClientItem = { ...alfa, id: 9, name: 'Алина М.', username: null, deals: 1, debt: 0 };

const card: Client = {
  ...alfa,
  byKind: {
    sale: { deals: 2, total: 20_000, paid: 12_500, debt: 7500 },
    purchase: { deals: 1, total: 5000, paid: 0, debt: 5000 },
  },
  usualPrice: 7500,
  dealPage: {
    items: [
      {
        id: 31,
        kind: 'sale',
        date: '2026-03-05',
        price: 12_500,
        paidAmount: 12_500,
        cancelled: false,
        status: { id: 4, name: 'Оплачена' },
        channel: { id: 1, name: 'Финансы для всех' },
        paymentState: 'PAID',
      },
      {
        id: 32,
        kind: 'purchase',
        date: '2026-02-10',
        price: 5000,
        paidAmount: 0,
        cancelled: false,
        status: { id: 11, name: 'Новая' },
        channel: { id: 1, name: 'Финансы для всех' },
        paymentState: 'UNPAID',
      },
    ],
    nextCursor: null,
  },
};

const page = (items: ClientItem[]) => ({ items, nextCursor: null });

describe('/clients', () => {
  it('lists the clients with their money and finds one by a t.me link as by its name', async () => {
    const { requests } = installFakeApi({
      'GET /api/employee': { body: demoUser },
      'GET /api/clients': (request) => ({
        body: page(request.query.get('q') === 'nobody' ? [] : [alfa, twin]),
      }),
    });
    const { user } = renderApp('/clients');
    const list = await screen.findByRole('list', { name: 'Клиенты команды' });
    const row = within(list).getByRole('link', { name: /Алина Маркетова/ });
    expect(row).toHaveAttribute('href', '/clients/5');
    expect(row).toHaveTextContent('Последняя сделка 05.03.2026');
    expect(row).toHaveTextContent('3 сделки · 25 000 руб');
    expect(row).toHaveTextContent('осталось 12 500 руб');
    expect(screen.getByText('Суммы без отменённых и удалённых сделок.')).toBeInTheDocument();

    await user.type(screen.getByRole('searchbox', { name: 'Поиск клиента' }), 'https://t.me/alina_mkt');
    await waitFor(() => expect(requests.at(-1)?.query.get('q')).toBe('alina_mkt'));

    await user.clear(screen.getByRole('searchbox', { name: 'Поиск клиента' }));
    await user.type(screen.getByRole('searchbox', { name: 'Поиск клиента' }), 'nobody');
    expect(await screen.findByText('Никого не нашли')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Сбросить поиск' }));
    expect(await screen.findByRole('link', { name: /Алина Маркетова/ })).toBeInTheDocument();
  });

  it('says in Russian when there are no clients yet', async () => {
    installFakeApi({ 'GET /api/employee': { body: demoUser }, 'GET /api/clients': { body: page([]) } });
    renderApp('/clients');
    expect(await screen.findByText(/Здесь пока нет клиентов/)).toBeInTheDocument();
  });

  it("shows a client's card: each kind, the money, the usual price and the deals opening their screens", async () => {
    installFakeApi({ 'GET /api/employee': { body: demoUser }, 'GET /api/clients/5': { body: card } });
    renderApp('/clients/5');
    expect(await screen.findByText('Продажи: 2 · Закупки: 1')).toBeInTheDocument();
    expect(screen.getByText('Обычно 7 500 руб')).toBeInTheDocument();
    expect(screen.getByText('Последняя сделка 05.03.2026')).toBeInTheDocument();
    const figures = screen.getByRole('region', { name: 'Суммы' });
    expect(within(figures).getByText('Сумма сделок').nextSibling).toHaveTextContent('25 000 руб');
    expect(within(figures).getByText('Осталось оплатить').nextSibling).toHaveTextContent('12 500 руб');
    const deals = screen.getByRole('list', { name: 'Сделки клиента' });
    expect(within(deals).getByRole('link', { name: /Продажа · Финансы для всех/ })).toHaveAttribute(
      'href',
      '/sale/31',
    );
    expect(within(deals).getByRole('link', { name: /Закупка/ })).toHaveTextContent('Не оплачено');
  });

  it('answers a client it may not see as not found', async () => {
    installFakeApi({
      'GET /api/employee': { body: demoUser },
      'GET /api/clients/5': { status: 404, body: { code: 'NOT_FOUND', message: 'Клиент не найден' } },
    });
    renderApp('/clients/5');
    expect(await screen.findByText('Клиент не найден')).toBeInTheDocument();
  });

  it('merges the card into another after asking, and opens the one that stays', async () => {
    const { requests } = installFakeApi({
      'GET /api/employee': { body: demoUser },
      'GET /api/clients/5': { body: card },
      'GET /api/clients/9': { body: { ...card, ...twin, deals: 4 } },
      'GET /api/clients': { body: page([alfa, twin]) },
      'POST /api/clients/5/merge': { body: { ...card, ...twin, deals: 4 } },
    });
    const { user, router } = renderApp('/clients/5');
    await user.click(await screen.findByRole('button', { name: 'Объединить с…' }));
    const sheet = await screen.findByRole('dialog', { name: 'Объединить с клиентом' });
    // The card's own client is not offered.
    const others = await within(sheet).findByRole('list', { name: 'Другие клиенты' });
    const [offered, ...more] = within(others).getAllByRole('button');
    expect(more).toEqual([]);
    expect(offered).toHaveAccessibleName(/^Алина М\.\s?1\sсделка$/);
    await user.click(offered as HTMLElement);
    const confirm = await screen.findByRole('dialog', { name: 'Объединить клиентов?' });
    expect(confirm).toHaveTextContent('Все сделки «Алина Маркетова» перейдут к «Алина М.»');
    await user.click(within(confirm).getByRole('button', { name: 'Объединить' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/clients/9'));
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({ intoId: 9 });
    expect(await screen.findByText('Клиенты объединены')).toBeInTheDocument();
  });

  it('offers no merge to a member who is not the owner', async () => {
    installFakeApi({
      'GET /api/employee': { body: { ...demoUser, isOwner: false } },
      'GET /api/clients/5': { body: card },
    });
    renderApp('/clients/5');
    await screen.findByText(/Продажи: 2/);
    expect(screen.queryByRole('button', { name: 'Объединить с…' })).toBeNull();
  });

  it("opens the client's card from a deal's contact", async () => {
    dealApi('sale');
    const { router } = renderApp('/sale/5');
    const contact = await screen.findByRole('link', { name: /Ирина Волкова/ });
    // user-event takes anything inside a disabled fieldset (the deal in view mode) for disabled, links too; a
    // browser follows the link (the end-to-end test taps it).
    fireEvent.click(contact);
    await waitFor(() => expect(router.state.location.pathname).toBe(`/clients/${savedContact.id}`));
  });
});
