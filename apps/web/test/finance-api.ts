import type { FinanceDebts, FinanceSummary } from '@addesk/contract';

// Answers of GET /api/finance/summary and /debts in the contract's shapes (decisions D5), for the finance screen,
// the dashboard's tile and a channel's card.

export const summary = {
  income: 12_500,
  spend: 3_000,
  profit: 9_500,
  salaries: 0,
  previous: { income: 10_000, spend: 3_200, profit: 0, salaries: 0, from: '2026-10-29', to: '2026-10-31' },
  byChannel: [
    {
      channel: { id: 1, name: 'Новости Москвы', iconLink: null },
      income: 10_000,
      spend: 1_000,
      profit: 9_000,
      deals: 3,
    },
    {
      channel: { id: 2, name: 'Крипта', iconLink: null },
      income: 2_500,
      spend: 2_000,
      profit: 500,
      deals: 1,
    },
  ],
  step: 'day',
  series: [
    { period: '2026-11-01', income: 10_000, spend: 0, profit: 10_000, salaries: 0 },
    { period: '2026-11-02', income: 0, spend: 3_000, profit: -3_000, salaries: 0 },
    { period: '2026-11-03', income: 2_500, spend: 0, profit: 2_500, salaries: 0 },
  ],
  cpm: { sale: 1_612.5, purchase: 450 },
} satisfies FinanceSummary;

export const emptySummary = {
  income: 0,
  spend: 0,
  profit: 0,
  salaries: 0,
  previous: { income: 0, spend: 0, profit: 0, salaries: 0, from: '2026-10-29', to: '2026-10-31' },
  byChannel: [],
  step: 'day',
  series: summary.series.map((point) => ({ ...point, income: 0, spend: 0, profit: 0 })),
  cpm: { sale: null, purchase: null },
} satisfies FinanceSummary;

export const debts = {
  receivable: {
    total: 15_000,
    count: 2,
    items: [
      {
        dealId: 41,
        channel: { id: 1, name: 'Новости Москвы', iconLink: null },
        counterpart: { name: 'Реклама Плюс', username: 'reklama_plus' },
        dealDate: '2026-10-20',
        price: 10_000,
        paidAmount: 0,
        due: 10_000,
        paymentDueDate: '2026-10-30',
        daysOverdue: 3,
      },
      {
        dealId: 42,
        channel: { id: 2, name: 'Крипта', iconLink: null },
        counterpart: null,
        dealDate: '2026-11-01',
        price: 8_000,
        paidAmount: 3_000,
        due: 5_000,
        paymentDueDate: null,
        daysOverdue: 0,
      },
    ],
  },
  payable: { total: 0, count: 0, items: [] },
} satisfies FinanceDebts;
