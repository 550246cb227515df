import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { installFakeApi } from './fake-api';
import { renderApp } from './render-app';

describe('error view', () => {
  it("says 'Something went wrong!' and toggles the error's details", async () => {
    // The current user cannot be loaded: the signed-in layout's guard fails (and the router logs it).
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    installFakeApi({
      'GET /api/employee': { status: 500, body: { code: 'INTERNAL', message: 'База данных недоступна' } },
    });
    const { user } = renderApp('/dashboard');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Something went wrong!' }),
    ).toBeInTheDocument();
    const details = screen.getByText('База данных недоступна');
    expect(details).not.toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Show Error' }));
    expect(details).toBeVisible();
    expect(screen.getByRole('button', { name: 'Hide Error' })).toHaveAttribute('aria-expanded', 'true');

    await user.click(screen.getByRole('button', { name: 'Hide Error' }));
    expect(details).not.toBeVisible();
    expect(screen.getByRole('button', { name: 'Show Error' })).toBeInTheDocument();
  });
});
