import { referralCode } from '@addesk/contract';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { referralCodeParam } from '@/features/referral/lib/referral-code';
import { installFakeApi, signedOut } from './fake-api';
import { renderApp } from './render-app';

const providers = { body: { google: true, yandex: true, demo: true } };

describe('/auth?ref=CODE (a friend’s referral link)', () => {
  it('passes ref on to the Google and Yandex links, not to the demo one, which never counts', async () => {
    installFakeApi({ 'GET /api/employee': signedOut, 'GET /api/auth/providers': providers });
    renderApp('/auth?ref=ab12cd34');

    expect(await screen.findByRole('link', { name: 'Регистрация через Google' })).toHaveAttribute(
      'href',
      '/api/auth/login?authBy=google&ref=ab12cd34',
    );
    expect(screen.getByRole('link', { name: 'Регистрация через Яндекс' })).toHaveAttribute(
      'href',
      '/api/auth/login?authBy=yandex&ref=ab12cd34',
    );
    expect(await screen.findByRole('link', { name: 'Демо-вход' })).toHaveAttribute(
      'href',
      '/api/auth/login?authBy=demo',
    );
  });

  it('passes ref on beside redirect', async () => {
    installFakeApi({ 'GET /api/employee': signedOut, 'GET /api/auth/providers': providers });
    renderApp('/auth?redirect=%2Fchannels&ref=ZX98yw76');
    expect(await screen.findByRole('link', { name: 'Регистрация через Google' })).toHaveAttribute(
      'href',
      '/api/auth/login?authBy=google&redirect=%2Fchannels&ref=ZX98yw76',
    );
  });

  it.each(['a', 'ab12cd34&authBy=x', '<script>', 'abcdefghijklmnopq'])(
    'drops a ref that cannot be a code: %s',
    async (ref) => {
      installFakeApi({ 'GET /api/employee': signedOut, 'GET /api/auth/providers': providers });
      renderApp(`/auth?ref=${encodeURIComponent(ref)}`);
      expect(await screen.findByRole('link', { name: 'Регистрация через Google' })).toHaveAttribute(
        'href',
        '/api/auth/login?authBy=google',
      );
    },
  );

  it.each(['ab12cd34', 'ABCDEF', 'abcdefghijklmnop', ' ab12cd34 ', 'abc12', 'abc-1234', '', 42, undefined])(
    'accepts the same codes as the contract: %s',
    (value) => {
      expect(referralCodeParam(value)).toBe(referralCode.parse(value));
    },
  );
});

describe('/auth and the team’s clock (decisions D5)', () => {
  it('leaves the browser’s zone in a cookie for the sign-in that creates the team', async () => {
    // The cookie's path is /api/auth: the page itself cannot read it back, so the write is what is checked.
    const written = vi.spyOn(document, 'cookie', 'set');
    installFakeApi({ 'GET /api/employee': signedOut, 'GET /api/auth/providers': providers });
    renderApp('/auth');
    await screen.findByRole('link', { name: 'Регистрация через Google' });
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(written).toHaveBeenCalledWith(
      `addesk_tz=${encodeURIComponent(zone)}; path=/api/auth; max-age=3600; samesite=lax`,
    );
  });
});
