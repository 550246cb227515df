import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { dealApi, dealFixture, noMarking, oleg, salesManager } from './deal-api';
import { renderApp } from './render-app';

// 'Маркировка' on a deal's screen (issue 35): everyone who sees the deal sees where the marking stands; only whoever
// may change the deal fills it.

vi.setConfig({ testTimeout: 20_000 });

const missing = { ...noMarking, missing: ['Кто регистрирует рекламу'] };

describe("the deal's screen", () => {
  it.each(['sale', 'purchase'] as const)(
    "shows the 'Маркировка' card with 'Заполнить' on a %s",
    async (kind) => {
      dealApi(kind, {
        [`GET /api/${kind}/5/payments`]: { body: [] },
        [`GET /api/${kind}/5/marking`]: { body: missing },
      });
      renderApp(`/${kind}/5`);
      const card = await screen.findByRole('region', { name: 'Маркировка' });
      expect(await within(card).findByText('Нет данных')).toBeInTheDocument();
      expect(within(card).getByText('Кто регистрирует рекламу')).toBeInTheDocument();
      expect(within(card).getByRole('button', { name: 'Заполнить' })).toBeInTheDocument();
    },
  );

  it("shows a colleague's sale's marking without the form", async () => {
    const byOleg = { id: oleg.id, firstName: oleg.firstName, secondName: oleg.secondName, iconLink: null };
    dealApi('sale', {
      'GET /api/employee': { body: salesManager },
      'GET /api/sale/5': { body: dealFixture('sale', { soldByEmployeeInfo: byOleg }) },
      'GET /api/sale/5/payments': { body: [] },
      'GET /api/sale/5/marking': { body: missing },
    });
    renderApp('/sale/5');
    const card = await screen.findByRole('region', { name: 'Маркировка' });
    expect(await within(card).findByText('Кто регистрирует рекламу')).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Заполнить' })).not.toBeInTheDocument();
  });
});
