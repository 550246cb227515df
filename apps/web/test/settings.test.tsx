import { screen, waitFor } from '@testing-library/react';
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
});
