import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { demoUser, installFakeApi } from './fake-api';
import { renderApp } from './render-app';

describe('/profile/settings', () => {
  it('signs out through POST /api/auth/logout after a confirmation', async () => {
    const { requests } = installFakeApi({
      'GET /api/employee': { body: demoUser },
      'POST /api/auth/logout': { status: 204 },
    });
    // jsdom cannot load another document: catch the full-page move to /auth.
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });

    const { user } = renderApp('/profile/settings');
    await user.click(await screen.findByRole('button', { name: 'Выйти из профиля' }));
    expect(await screen.findByRole('dialog', { name: 'Выйти из профиля?' })).toBeInTheDocument();
    expect(requests.some((r) => r.method === 'POST')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Выйти' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/auth'));
    const logout = requests.find((r) => r.path === '/api/auth/logout');
    expect(logout?.method).toBe('POST');
    expect(logout?.headers.get('Content-Type')).toBeNull();
  });

  it('switches the theme and remembers it', async () => {
    installFakeApi({ 'GET /api/employee': { body: demoUser } });
    const { user } = renderApp('/profile/settings');
    expect(await screen.findByRole('radio', { name: 'Тёмная' })).toBeChecked();

    await user.click(screen.getByRole('radio', { name: 'Светлая' }));
    expect(screen.getByRole('radio', { name: 'Светлая' })).toBeChecked();
    expect(document.documentElement).toHaveClass('light');
    expect(window.localStorage.getItem('vite-ui-theme')).toBe('light');
  });

  it("lists the ways to sign in, offers the server's others to link, and unlinks all but the last", async () => {
    const accounts = [
      { provider: 'demo', since: '2026-03-01T10:00:00.000Z' },
      { provider: 'telegram', since: '2026-04-02T10:00:00.000Z' },
    ];
    const { requests } = installFakeApi({
      'GET /api/employee': { body: demoUser },
      'GET /api/auth/providers': { body: { google: true, yandex: false, telegram: true, demo: true } },
      'GET /api/profile/accounts': () => ({ body: accounts }),
      'DELETE /api/profile/accounts/demo': () => {
        accounts.shift();
        return { status: 204 };
      },
    });
    const { user } = renderApp('/profile/settings?linked=telegram');
    const doors = await screen.findByRole('region', { name: 'Способы входа' });
    expect(await within(doors).findByText('Telegram')).toBeInTheDocument();
    expect(within(doors).getByText('с 02.04.2026')).toBeInTheDocument();
    expect(await screen.findByText('Telegram привязан')).toBeInTheDocument();
    // Google is offered (Яндекс is not configured here; Telegram is linked already).
    const link = within(doors).getByRole('link', { name: 'Привязать Google' });
    expect(link).toHaveAttribute('href', '/api/auth/login?authBy=google&link=1');
    expect(within(doors).queryByRole('link', { name: 'Привязать Яндекс' })).toBeNull();

    await user.click(within(doors).getAllByRole('button', { name: 'Отвязать' })[0] as HTMLElement);
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Отвязать Демо-вход?' })).getByRole('button', {
        name: 'Отвязать',
      }),
    );
    await waitFor(() => expect(requests.some((r) => r.method === 'DELETE')).toBe(true));
    // The one door left cannot be taken away.
    await waitFor(() => expect(within(doors).queryByRole('button', { name: 'Отвязать' })).toBeNull());
  });
});
