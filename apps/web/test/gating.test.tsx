import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { channel, countedPage, demoUser, installFakeApi, signedOut } from './fake-api';
import { renderApp } from './render-app';

const providers = { body: { google: true, yandex: true, demo: false } };

describe('signed-in layout gating', () => {
  it('sends a signed-out visitor to /auth with the path they wanted', async () => {
    const { requests } = installFakeApi({
      'GET /api/employee': signedOut,
      'GET /api/auth/providers': providers,
    });
    const { router } = renderApp('/channels/5/sales?x=1');

    await screen.findByRole('link', { name: 'Регистрация через Google' });
    expect(router.state.location.pathname).toBe('/auth');
    expect(router.state.location.search).toEqual({ redirect: '/channels/5/sales?x=1' });
    // Nothing of the signed-in screens was asked for.
    expect(requests.map((r) => r.path)).not.toContain('/api/channel');
  });

  it('sends / to /auth', async () => {
    installFakeApi({ 'GET /api/employee': signedOut, 'GET /api/auth/providers': providers });
    const { router } = renderApp('/');
    await screen.findByRole('heading', { level: 1, name: 'AdDesk' });
    expect(router.state.location.pathname).toBe('/auth');
  });

  it('shows a spinner while the current user loads', async () => {
    let answer: (() => void) | undefined;
    const gate = new Promise<void>((resolve) => {
      answer = resolve;
    });
    const { fetchMock } = installFakeApi({ 'GET /api/employee': { body: demoUser } });
    const realFetch = fetchMock.getMockImplementation();
    fetchMock.mockImplementation(async (...args) => {
      await gate;
      if (!realFetch) throw new Error('no fake');
      return realFetch(...args);
    });

    renderApp('/faq');
    expect(await screen.findByRole('status')).toHaveTextContent('Загрузка');
    answer?.();
    expect(await screen.findByRole('heading', { level: 1, name: 'Поддержка' })).toBeInTheDocument();
  });

  it('lets a signed-in user in', async () => {
    installFakeApi({ 'GET /api/employee': { body: demoUser } });
    renderApp('/faq');
    expect(await screen.findByRole('heading', { level: 1, name: 'Поддержка' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Не нашли ответа?' })).toBeInTheDocument();
  });

  it('sends the user to /auth when the session ends later (a call answers 401)', async () => {
    let sessionOver = false;
    installFakeApi({
      'GET /api/employee': () => (sessionOver ? signedOut : { body: demoUser }),
      'GET /api/auth/providers': providers,
      'GET /api/channel': () => (sessionOver ? signedOut : { body: countedPage([channel(1, 'Новости')]) }),
      'GET /api/employee/7/subordinates': { body: countedPage([]) },
    });
    const { router, queryClient } = renderApp('/dashboard');
    await screen.findByRole('heading', { level: 1, name: 'Анна Смирнова' });

    sessionOver = true;
    await queryClient.refetchQueries({ queryKey: ['channels'] });

    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
    expect(router.state.location.search).toEqual({ redirect: '/dashboard' });
    expect(await screen.findByRole('link', { name: 'Регистрация через Google' })).toBeInTheDocument();
  });

  it("shows 'Страница не найдена' with a way home for an unknown path", async () => {
    installFakeApi({ 'GET /api/employee': signedOut });
    renderApp('/no-such-page');
    expect(await screen.findByRole('heading', { level: 1, name: 'Страница не найдена' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'На главную' })).toHaveAttribute('href', '/dashboard');
    expect(document.body).not.toHaveTextContent(/Not Found/i);
  });

  it.each([
    '/channels/abc',
    '/channels/abc/employees/add',
    '/sale/0',
    '/purchase/x',
    '/profile/tariff/gold',
    '/profile/no-such-page',
  ])("shows 'Страница не найдена' for %s", async (path) => {
    installFakeApi({ 'GET /api/employee': { body: demoUser } });
    renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: 'Страница не найдена' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'На главную' })).toHaveAttribute('href', '/dashboard');
    expect(document.body).not.toHaveTextContent(/Not Found/i);
  });

  it.each([
    ['/profile/tariff/media-25', 'Тариф МЕДИА 25'],
    ['/channels/5/employees/add', 'Добавить сотрудника'],
    ['/sale/new', 'Новая продажа'],
    ['/purchase/12', 'Закупка'],
  ])('shows the placeholder of %s', async (path, title) => {
    installFakeApi({ 'GET /api/employee': { body: demoUser } });
    renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Назад' })).toBeInTheDocument();
  });
});
