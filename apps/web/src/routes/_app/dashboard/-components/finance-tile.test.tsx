import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { countedPage, demoUser, installFakeApi } from '../../../../../test/fake-api';
import { summary } from '../../../../../test/finance-api';
import { renderApp } from '../../../../../test/render-app';

describe("/dashboard's 'Финансы' tile", () => {
  it("shows this month's profit of the whole team, by deal date", async () => {
    const { requests } = installFakeApi({
      'GET /api/employee': { body: demoUser },
      'GET /api/channel': { body: countedPage([]) },
      'GET /api/employee/7/subordinates': { body: countedPage([]) },
      'GET /api/finance/summary': { body: summary },
    });
    renderApp('/dashboard');
    const menu = await screen.findByRole('navigation', { name: 'Разделы' });
    // The tile is named 'Финансы'; the profit is its description.
    const tile = within(menu).getByRole('link', { name: 'Финансы' });
    expect(tile).toHaveAttribute('href', '/finance');
    await waitFor(() => expect(tile).toHaveAccessibleDescription(/^Прибыль за месяц\s*9\s500\sруб$/));
    const query = requests.find((r) => r.path === '/api/finance/summary')?.query;
    expect(query?.get('from')).toMatch(/^\d{4}-\d{2}-01$/);
    expect(query?.get('basis')).toBe('accrual');
    expect(query?.has('channelId')).toBe(false);
  });
});
