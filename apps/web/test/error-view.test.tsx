import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { demoUser, installFakeApi } from './fake-api';
import { renderApp } from './render-app';

describe('error view', () => {
  it("leads with 'Что-то пошло не так' and 'Повторить', and keeps 'Something went wrong!' with its toggle below", async () => {
    // The current user cannot be loaded: the signed-in layout's guard fails (and the router logs it).
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    installFakeApi({
      'GET /api/employee': { status: 500, body: { code: 'INTERNAL', message: 'База данных недоступна' } },
    });
    const { user } = renderApp('/dashboard');

    expect(await screen.findByRole('heading', { level: 1, name: 'Что-то пошло не так' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Повторить' })).toBeInTheDocument();
    const technical = screen.getByRole('heading', { level: 2, name: 'Something went wrong!' });
    expect(technical).toHaveAttribute('lang', 'en');
    const details = screen.getByText('База данных недоступна');
    expect(details).not.toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Show Error' }));
    expect(details).toBeVisible();
    expect(screen.getByRole('button', { name: 'Hide Error' })).toHaveAttribute('aria-expanded', 'true');

    await user.click(screen.getByRole('button', { name: 'Hide Error' }));
    expect(details).not.toBeVisible();
    expect(screen.getByRole('button', { name: 'Show Error' })).toBeInTheDocument();
  });

  it("says 'Нет связи с сервером' when the call never reached the server, and 'Повторить' opens the screen once it does", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    let reachable = false;
    installFakeApi({
      'GET /api/employee': () => {
        // What fetch throws when there is no connection.
        if (!reachable) throw new TypeError('Failed to fetch');
        return { body: demoUser };
      },
    });
    const { user } = renderApp('/dashboard');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Нет связи с сервером' }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show Error' }));
    expect(screen.getByText(/^Нет связи с сервером\. Проверьте интернет/)).toBeVisible();

    reachable = true;
    await user.click(screen.getByRole('button', { name: 'Повторить' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Анна Смирнова' })).toBeInTheDocument();
  });
});
