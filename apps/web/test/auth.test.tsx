import { authErrorMessages } from '@addesk/contract';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { channel, countedPage, demoUser, installFakeApi, signedOut } from './fake-api';
import { renderApp } from './render-app';

const providers = (demo: boolean) => ({ body: { google: true, yandex: true, demo } });

describe('/auth', () => {
  it('shows the logo and the two provider links to the server sign-in address', async () => {
    installFakeApi({ 'GET /api/employee': signedOut, 'GET /api/auth/providers': providers(false) });
    renderApp('/auth');

    expect(await screen.findByRole('heading', { level: 1, name: 'AdDesk' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Регистрация через Google' })).toHaveAttribute(
      'href',
      '/api/auth/login?authBy=google',
    );
    expect(screen.getByRole('link', { name: 'Регистрация через Яндекс' })).toHaveAttribute(
      'href',
      '/api/auth/login?authBy=yandex',
    );
  });

  it("says 'Профиль удалён' once after the profile was deleted, and takes the flag out of the address", async () => {
    installFakeApi({ 'GET /api/employee': signedOut, 'GET /api/auth/providers': providers(false) });
    const { router } = renderApp('/auth?deleted=1');
    expect(await screen.findByRole('status')).toHaveTextContent('Профиль удалён');
    await waitFor(() => expect(router.state.location.href).toBe('/auth'));
    expect(screen.getByRole('status')).toHaveTextContent('Профиль удалён');
  });

  it('hides demo sign-in when the server has it off', async () => {
    installFakeApi({ 'GET /api/employee': signedOut, 'GET /api/auth/providers': providers(false) });
    renderApp('/auth');
    await screen.findByRole('link', { name: 'Регистрация через Google' });
    expect(screen.queryByRole('link', { name: /Демо-вход/ })).not.toBeInTheDocument();
  });

  it('offers demo sign-in when the server has it on', async () => {
    installFakeApi({ 'GET /api/employee': signedOut, 'GET /api/auth/providers': providers(true) });
    renderApp('/auth');
    expect(await screen.findByRole('link', { name: 'Демо-вход' })).toHaveAttribute(
      'href',
      '/api/auth/login?authBy=demo',
    );
  });

  it('still offers Google and Yandex when the providers call fails', async () => {
    installFakeApi({ 'GET /api/employee': signedOut, 'GET /api/auth/providers': { status: 500 } });
    renderApp('/auth');
    expect(await screen.findByRole('link', { name: 'Регистрация через Яндекс' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Демо-вход/ })).not.toBeInTheDocument();
  });

  it('passes the wanted path on to the sign-in links', async () => {
    installFakeApi({ 'GET /api/employee': signedOut, 'GET /api/auth/providers': providers(true) });
    renderApp('/auth?redirect=%2Fchannels%2F5');
    expect(await screen.findByRole('link', { name: 'Регистрация через Google' })).toHaveAttribute(
      'href',
      '/api/auth/login?authBy=google&redirect=%2Fchannels%2F5',
    );
    expect(await screen.findByRole('link', { name: 'Демо-вход' })).toHaveAttribute(
      'href',
      '/api/auth/login?authBy=demo&redirect=%2Fchannels%2F5',
    );
  });

  it('drops a redirect to another site', async () => {
    installFakeApi({ 'GET /api/employee': signedOut, 'GET /api/auth/providers': providers(false) });
    renderApp('/auth?redirect=%2F%2Fevil.example');
    expect(await screen.findByRole('link', { name: 'Регистрация через Google' })).toHaveAttribute(
      'href',
      '/api/auth/login?authBy=google',
    );
  });

  it.each(Object.entries(authErrorMessages))('explains ?error=%s in Russian', async (code, message) => {
    installFakeApi({ 'GET /api/employee': signedOut, 'GET /api/auth/providers': providers(false) });
    renderApp(`/auth?error=${code}`);
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
  });

  it('has a fallback message for an unknown error code', async () => {
    installFakeApi({ 'GET /api/employee': signedOut, 'GET /api/auth/providers': providers(false) });
    renderApp('/auth?error=something_new');
    expect(await screen.findByRole('alert')).toHaveTextContent('Не удалось войти. Попробуйте ещё раз');
  });

  it('shows no alert without an error', async () => {
    installFakeApi({ 'GET /api/employee': signedOut, 'GET /api/auth/providers': providers(false) });
    renderApp('/auth');
    await screen.findByRole('link', { name: 'Регистрация через Google' });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  describe('when already signed in', () => {
    const signedIn = {
      'GET /api/employee': { body: demoUser },
      'GET /api/auth/providers': providers(true),
      'GET /api/channel': { body: countedPage([channel(1, 'Новости')]) },
      'GET /api/employee/7/subordinates': { body: countedPage([]) },
    };

    it('goes to /dashboard', async () => {
      installFakeApi(signedIn);
      const { router } = renderApp('/auth');
      await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
      expect(await screen.findByRole('heading', { level: 1, name: 'Анна Смирнова' })).toBeInTheDocument();
    });

    it('goes to the safe redirect it was given', async () => {
      installFakeApi(signedIn);
      const { router } = renderApp('/auth?redirect=%2Fprofile%2Fsettings');
      await waitFor(() => expect(router.state.location.pathname).toBe('/profile/settings'));
      expect(await screen.findByRole('heading', { level: 1, name: 'Настройки' })).toBeInTheDocument();
    });
  });
});
