import {
  BROWSER_ZONE_COOKIE,
  type OAuthProvider,
  oauthProviders,
  providerNames,
} from '@addesk/contract/plain';
import { FlaskConical } from 'lucide-react';
import { type ComponentType, useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { API_BASE } from '@/lib/api-client';
import { useAuthProviders } from '../api/get-auth-providers';

/**
 * The server's sign-in address (decisions D3): a full-page navigation, the provider takes over from there.
 * `ref`, a friend's referral code, rides along: the server records it when this sign-in creates the account.
 */
export function loginHref(
  authBy: OAuthProvider | 'telegram' | 'demo',
  options: {
    redirect?: string | undefined;
    ref?: string | undefined;
    invite?: string | undefined;
    as?: string | undefined;
  } = {},
): string {
  const query = new URLSearchParams({ authBy });
  for (const [key, value] of Object.entries(options)) if (value) query.set(key, value);
  return `${API_BASE}/auth/login?${query.toString()}`;
}

function GoogleIcon() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        fill="#4285F4"
        d="M21.6 12.2c0-.7-.1-1.4-.2-2H12v3.8h5.4a4.6 4.6 0 0 1-2 3v2.5h3.2c1.9-1.7 3-4.3 3-7.3Z"
      />
      <path
        fill="#34A853"
        d="M12 22c2.7 0 5-.9 6.6-2.4l-3.2-2.5c-.9.6-2 1-3.4 1-2.6 0-4.8-1.8-5.6-4.1H3.1v2.6A10 10 0 0 0 12 22Z"
      />
      <path fill="#FBBC05" d="M6.4 14c-.2-.6-.3-1.3-.3-2s.1-1.4.3-2V7.4H3.1a10 10 0 0 0 0 9.2L6.4 14Z" />
      <path
        fill="#EA4335"
        d="M12 6c1.5 0 2.8.5 3.8 1.5l2.9-2.9A10 10 0 0 0 3.1 7.4L6.4 10C7.2 7.7 9.4 6 12 6Z"
      />
    </svg>
  );
}

function YandexIcon() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <circle cx="12" cy="12" r="11" fill="#FC3F1D" />
      <path
        fill="#ffffff"
        d="M13.3 6.5h-1.1c-2 0-3.1 1-3.1 2.6 0 1.7.8 2.5 2.3 3.5l1.2.8-3.5 5.1H7l3.2-4.7C8.4 12.5 7.4 11.3 7.4 9.2c0-2.6 1.8-4.4 4.8-4.4h3v13.7h-1.9V6.5Z"
      />
    </svg>
  );
}

function TelegramIcon() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <circle cx="12" cy="12" r="11" fill="#2AABEE" />
      <path
        fill="#ffffff"
        d="M5.4 11.7 16.3 7.5c.5-.2 1 .1.8.9l-1.9 8.8c-.1.6-.5.8-1 .5l-2.8-2.1-1.4 1.3c-.2.2-.3.3-.6.3l.2-2.9 5.2-4.7c.2-.2 0-.3-.3-.1l-6.4 4-2.8-.9c-.6-.2-.6-.6.1-.9Z"
      />
    </svg>
  );
}

const providerIcons: Record<OAuthProvider, ComponentType> = { google: GoogleIcon, yandex: YandexIcon };

/**
 * Leaves the browser's zone for the server (decisions D5): a team created by this sign-in takes it. Lax, so the
 * provider's redirect back to /api/auth/callback carries it too.
 */
export function leaveBrowserZone() {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  // biome-ignore lint/suspicious/noDocumentCookie: one write of a plain cookie; the Cookie Store API is not in every phone browser
  document.cookie = `${BROWSER_ZONE_COOKIE}=${encodeURIComponent(zone)}; path=/api/auth; max-age=3600; samesite=lax`;
}

/**
 * Sign-in through Google or Yandex, through Telegram where the server has a bot, and the demo sign-in where the server allows it: on /auth, and on an invitation's
 * page, where the sign-in also accepts the invitation (`invite`).
 */
export function SignInButtons({
  redirect,
  referral,
  invite,
}: {
  redirect?: string | undefined;
  referral?: string | undefined;
  invite?: string | undefined;
}) {
  useEffect(leaveBrowserZone, []);
  const { data: enabled } = useAuthProviders();
  // Accepting an invitation by the demo sign-in makes a new demo person: the shared demo key of /auth would bind
  // whoever presses 'Демо-вход' next to this invitation's employee.
  const [guest] = useState(() => (invite ? `guest-${Math.random().toString(36).slice(2, 10)}` : undefined));
  const verb = invite ? 'Войти через' : 'Регистрация через';
  return (
    <>
      {oauthProviders.map((provider) => {
        const Icon = providerIcons[provider];
        return (
          <Button key={provider} asChild variant="outline" size="lg" className="bg-card">
            <a href={loginHref(provider, { redirect, ref: referral, invite })}>
              <Icon />
              {verb} {providerNames[provider]}
            </a>
          </Button>
        );
      })}

      {enabled?.telegram ? (
        <Button asChild variant="outline" size="lg" className="bg-card">
          <a href={loginHref('telegram', { redirect, ref: referral, invite })}>
            <TelegramIcon />
            Войти через Telegram
          </a>
        </Button>
      ) : null}

      {enabled?.demo ? (
        // A demo team never counts as a referral (decision 004): its link carries no code.
        <Button asChild size="lg">
          <a href={loginHref('demo', { redirect, invite, as: guest })}>
            <FlaskConical aria-hidden="true" />
            Демо-вход
          </a>
        </Button>
      ) : null}
    </>
  );
}
