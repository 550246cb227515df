import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { telegramCallbackHref } from '@/features/auth/lib/telegram-auth-result';
import { installFakeApi, signedOut } from './fake-api';
import { renderApp } from './render-app';

const providers = (telegram: boolean) => ({ body: { google: true, yandex: true, telegram, demo: false } });

/** Telegram's `tgAuthResult`: base64 of the proof's JSON, url-safe and unpadded as Telegram may send it. */
function tgAuthResult(proof: object): string {
  const bytes = new TextEncoder().encode(JSON.stringify(proof));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

const proof = {
  id: 42,
  first_name: 'Алёна',
  last_name: 'Ёлкина',
  username: 'alena_e',
  photo_url: 'https://t.me/i/userpic/320/alena.jpg',
  auth_date: 1_790_000_000,
  hash: 'ab'.repeat(32),
};

describe("/auth: 'Войти через Telegram'", () => {
  it('is offered where the server has a bot, with the wanted path and the referral code', async () => {
    installFakeApi({ 'GET /api/employee': signedOut, 'GET /api/auth/providers': providers(true) });
    renderApp('/auth?redirect=%2Fchannels%2F5&ref=FRIEND77');
    expect(await screen.findByRole('link', { name: 'Войти через Telegram' })).toHaveAttribute(
      'href',
      '/api/auth/login?authBy=telegram&redirect=%2Fchannels%2F5&ref=FRIEND77',
    );
  });

  it('is not offered without a bot', async () => {
    installFakeApi({ 'GET /api/employee': signedOut, 'GET /api/auth/providers': providers(false) });
    renderApp('/auth');
    await screen.findByRole('link', { name: 'Регистрация через Google' });
    expect(screen.queryByRole('link', { name: 'Войти через Telegram' })).not.toBeInTheDocument();
  });

  it("shows Telegram's reasons for coming back", async () => {
    installFakeApi({ 'GET /api/employee': signedOut, 'GET /api/auth/providers': providers(true) });
    renderApp('/auth?error=telegram_expired');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Вход через Telegram устарел: ему больше суток. Войдите ещё раз',
    );
  });
});

describe("/auth/telegram: Telegram's answer handed to the server", () => {
  afterEach(() => vi.unstubAllGlobals());

  it('decodes url-safe unpadded base64 with UTF-8 names into the callback query', () => {
    const href = telegramCallbackHref(`#tgAuthResult=${tgAuthResult(proof)}`);
    const url = new URL(href ?? '', 'http://x');
    expect(url.pathname).toBe('/api/auth/callback/telegram');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      id: '42',
      first_name: 'Алёна',
      last_name: 'Ёлкина',
      username: 'alena_e',
      photo_url: 'https://t.me/i/userpic/320/alena.jpg',
      auth_date: '1790000000',
      hash: 'ab'.repeat(32),
    });
  });

  it('takes padded standard base64 and leaves out the fields a proof lacks', () => {
    const padded = btoa(JSON.stringify({ id: 7, first_name: 'Ivan', auth_date: 1, hash: 'ff' }));
    const href = telegramCallbackHref(`#tgAuthResult=${padded}`);
    expect(href).toBe('/api/auth/callback/telegram?id=7&first_name=Ivan&auth_date=1&hash=ff');
  });

  it('refuses a missing, broken or incomplete answer', () => {
    expect(telegramCallbackHref('')).toBeUndefined();
    expect(telegramCallbackHref('#tgAuthResult=%%%')).toBeUndefined();
    expect(telegramCallbackHref(`#tgAuthResult=${tgAuthResult([1, 2])}`)).toBeUndefined();
    expect(telegramCallbackHref(`#tgAuthResult=${tgAuthResult({ id: 1, auth_date: 1 })}`)).toBeUndefined();
  });

  it('goes on to the server with the proof, saying it is signing in meanwhile', async () => {
    const replace = vi.fn();
    vi.stubGlobal('location', { ...window.location, hash: `#tgAuthResult=${tgAuthResult(proof)}`, replace });
    installFakeApi({});
    renderApp('/auth/telegram');
    expect(await screen.findByRole('status')).toHaveTextContent('Входим через Telegram…');
    await waitFor(() => expect(replace).toHaveBeenCalledOnce());
    expect(replace.mock.calls[0]?.[0]).toMatch(/^\/api\/auth\/callback\/telegram\?id=42&first_name=/);
  });

  it('sends a broken answer back to /auth with telegram_invalid', async () => {
    const replace = vi.fn();
    vi.stubGlobal('location', { ...window.location, hash: '#tgAuthResult=not-json', replace });
    installFakeApi({});
    renderApp('/auth/telegram');
    await waitFor(() => expect(replace).toHaveBeenCalledWith('/auth?error=telegram_invalid'));
  });
});
