import type { Payroll } from '@addesk/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { demoUser, installFakeApi } from './fake-api';
import { renderApp } from './render-app';

// /payroll 'Зарплаты' (docs/decisions/026): the month's pay by person, its breakdown, and 'Выплатить'.

const payroll: Payroll = {
  items: [
    {
      employeeId: 11,
      name: 'Мария Ковалёва',
      accrued: 600,
      paid: 0,
      due: 600,
      lines: [
        {
          channelId: 5,
          channelName: 'Новости Москвы',
          roleId: 2,
          roleName: 'Менеджер по продажам',
          salaryTypeId: 2,
          salaryTypeName: 'Процент от продаж',
          rate: 10,
          basis: 6000,
          amount: 600,
        },
      ],
    },
    { employeeId: 12, name: 'Олег Орлов', accrued: 30_000, paid: 35_000, due: -5_000, lines: [] },
  ],
  total: { accrued: 30_600, paid: 35_000, due: -4_400 },
};

describe('/payroll', () => {
  it("shows the month's pay, a person's lines, and records a payout to their requisites", async () => {
    const { requests } = installFakeApi({
      'GET /api/employee': { body: demoUser },
      'GET /api/payroll': { body: payroll },
      'GET /api/employee/11/paymentMethods': {
        body: [
          {
            id: 31,
            employeeId: 11,
            paymentMethodTypeId: 2,
            paymentMethodTypeName: 'СБП',
            credentials: '+7 900 123-45-67',
            description: 'Сбербанк',
          },
        ],
      },
      'GET /api/employee/11/payroll': {
        body: {
          ...payroll.items[0],
          deals: [
            {
              kind: 'sale',
              id: 5,
              channelId: 5,
              date: '2026-11-03',
              price: 10_000,
              received: 6_000,
              placementAt: '2026-11-05T09:00:00.000Z',
            },
          ],
          dealsTotal: 3,
          payouts: [
            { id: 7, employeeId: 11, amount: 200, date: '2026-11-10', paymentMethodId: 31, note: 'аванс' },
          ],
        },
      },
      'DELETE /api/employee/11/payouts/7': { status: 204 },
      'POST /api/employee/11/payouts': {
        status: 201,
        body: { id: 1, employeeId: 11, amount: 600, date: '2026-11-27', paymentMethodId: null, note: null },
      },
    });
    const { user } = renderApp('/payroll?month=2026-11');
    expect(await screen.findByRole('heading', { name: 'Ноябрь 2026' })).toBeInTheDocument();
    const totals = await screen.findByRole('region', { name: 'Итого за месяц' });
    expect(within(totals).getByText('Переплата')).toBeInTheDocument();
    expect(within(totals).getByText('4 400 руб')).toBeInTheDocument();
    expect(requests.find((r) => r.path === '/api/payroll')?.query.toString()).toBe(
      'from=2026-11-01&to=2026-11-30',
    );
    expect(screen.getByText('Переплата 5 000 руб')).toBeInTheDocument();
    // The month's file, like the other lists' (its sheet is ExportButton's own test).
    expect(screen.getByRole('button', { name: 'Скачать' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /Мария Ковалёва/ }));
    expect(screen.getByText('10 % с поступивших оплат за продажи')).toBeInTheDocument();
    expect(screen.getByText('оплаты 6 000 руб: 600 руб')).toBeInTheDocument();
    // The deals behind it open their screens; the rest are counted.
    const deals = await screen.findByRole('list', { name: 'Сделки за месяц' });
    expect(within(deals).getByRole('link', { name: /Продажа от 03\.11\.2026/ })).toHaveAttribute(
      'href',
      '/sale/5',
    );
    expect(within(deals).getByText('получено за месяц 6 000 руб')).toBeInTheDocument();
    expect(screen.getByText('и ещё 2 сделки')).toBeInTheDocument();
    // A payout recorded by mistake is taken back after a confirmation.
    const payouts = screen.getByRole('list', { name: 'Выплаты за месяц' });
    expect(within(payouts).getByText('аванс')).toBeInTheDocument();
    await user.click(within(payouts).getByRole('button', { name: /^Удалить: Выплата 10\.11\.2026: 200/ }));
    const confirm = await screen.findByRole('dialog', { name: 'Удалить выплату?' });
    await user.click(within(confirm).getByRole('button', { name: 'Удалить' }));
    expect(await screen.findByText('Выплата удалена')).toBeInTheDocument();
    expect(requests.some((r) => r.method === 'DELETE' && r.path === '/api/employee/11/payouts/7')).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Выплатить' }));
    const sheet = await screen.findByRole('dialog', { name: 'Выплатить: Мария Ковалёва' });
    expect(within(sheet).getByText('К выплате 600 руб')).toBeInTheDocument();
    expect(within(sheet).getByRole('textbox', { name: 'Сумма' })).toHaveValue('600');
    expect(
      within(sheet).getByRole('button', { name: 'СБП: +7 900 123-45-67 (Сбербанк)', pressed: true }),
    ).toBeInTheDocument();
    await user.click(within(sheet).getByRole('button', { name: 'Записать выплату' }));
    await waitFor(() => expect(requests.some((r) => r.method === 'POST')).toBe(true));
    const post = requests.find((r) => r.method === 'POST');
    expect(post?.body).toMatchObject({ amount: 600, paymentMethodId: 31 });
    expect(post?.body).toHaveProperty('date', expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/));
    expect(await screen.findByText('Выплата записана')).toBeInTheDocument();
  });
});
