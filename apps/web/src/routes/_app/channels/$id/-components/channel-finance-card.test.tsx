import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { channel, demoUser, installFakeApi } from '../../../../../../test/fake-api';
import { summary } from '../../../../../../test/finance-api';
import { renderApp } from '../../../../../../test/render-app';

describe('/channels/{id} finance card', () => {
  it("shows the channel's profit this month and opens /finance with the channel chosen", async () => {
    const { requests } = installFakeApi({
      'GET /api/employee': { body: demoUser },
      'GET /api/channel/5': { body: channel(5, 'Новости Москвы') },
      'GET /api/channel/5/employees': { body: [] },
      'GET /api/telegram/bot': { body: { username: 'addesk_bot' } },
      'GET /api/finance/summary': { body: { ...summary, profit: -1_200 } },
    });
    renderApp('/channels/5');
    // The card is named 'Финансы'; the profit is its description.
    const card = await screen.findByRole('link', { name: 'Финансы' });
    expect(card).toHaveAttribute('href', '/finance?channelId=5');
    // The month's average CPM of the channel's purchases and sales follows it, from the same answer.
    await waitFor(() =>
      expect(card).toHaveAccessibleDescription(
        /^Прибыль за месяц\s*−1\s200\sруб\s*Средний CPM за месяц\s*закупки\s450\sруб\s*продажи\s1\s612,50\sруб$/,
      ),
    );
    expect(card.querySelector('[data-cpm="purchase"]')?.textContent).toBe('закупки 450\u00a0руб');
    const query = requests.find((r) => r.path === '/api/finance/summary')?.query;
    expect(query?.get('channelId')).toBe('5');
    expect(query?.get('from')).toMatch(/^\d{4}-\d{2}-01$/);
  });

  it("shows '—' alone for a kind none of whose deals of the month has views", async () => {
    installFakeApi({
      'GET /api/employee': { body: demoUser },
      'GET /api/channel/5': { body: channel(5, 'Новости Москвы') },
      'GET /api/channel/5/employees': { body: [] },
      'GET /api/telegram/bot': { body: { username: 'addesk_bot' } },
      'GET /api/finance/summary': { body: { ...summary, cpm: { sale: null, purchase: 75.25 } } },
    });
    renderApp('/channels/5');
    const card = await screen.findByRole('link', { name: 'Финансы' });
    await waitFor(() =>
      expect(card).toHaveAccessibleDescription(/Средний CPM за месяц\s*закупки\s75,25\sруб\s*продажи\s—$/),
    );
  });
});
