import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { demoUser, installFakeApi } from './fake-api';
import { profileApi } from './profile-fixtures';
import { renderApp } from './render-app';

describe('error view', () => {
  // Issue 33: the view once kept the old front end's 'Something went wrong!' and 'Show Error' under the Russian texts.
  const noEnglish = () => {
    expect(document.body.textContent).not.toMatch(/Something went wrong|Show Error|Hide Error/);
    expect(document.body.textContent).not.toMatch(/[A-Za-z]{4,} [A-Za-z]{4,}/);
  };

  it("leads with 'Что-то пошло не так' and 'Повторить', and keeps the details behind a Russian toggle below, in no English", async () => {
    // The current user cannot be loaded: the signed-in layout's guard fails (and the router logs it).
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    installFakeApi({
      'GET /api/employee': { status: 500, body: { code: 'INTERNAL', message: 'База данных недоступна' } },
    });
    const { user } = renderApp('/dashboard');

    expect(await screen.findByRole('heading', { level: 1, name: 'Что-то пошло не так' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Повторить' })).toBeInTheDocument();
    const details = screen.getByText('База данных недоступна');
    expect(details).not.toBeVisible();
    noEnglish();

    await user.click(screen.getByRole('button', { name: 'Показать ошибку' }));
    expect(details).toBeVisible();
    noEnglish();
    expect(screen.getByRole('button', { name: 'Скрыть ошибку' })).toHaveAttribute('aria-expanded', 'true');

    await user.click(screen.getByRole('button', { name: 'Скрыть ошибку' }));
    expect(details).not.toBeVisible();
    expect(screen.getByRole('button', { name: 'Показать ошибку' })).toBeInTheDocument();
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
    await user.click(screen.getByRole('button', { name: 'Показать ошибку' }));
    expect(screen.getByText(/^Нет связи с сервером\. Проверьте интернет/)).toBeVisible();

    reachable = true;
    await user.click(screen.getByRole('button', { name: 'Повторить' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Анна Смирнова' })).toBeInTheDocument();
  });

  it('shows no English when a screen throws while drawing', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    // A list that is not a list: the tariffs screen throws while drawing it.
    profileApi({ 'GET /api/tariff': { body: { broken: true } } });
    renderApp('/profile/tariff');

    expect(await screen.findByRole('heading', { level: 1, name: 'Что-то пошло не так' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Повторить' })).toBeInTheDocument();
    noEnglish();
  });
});
