import { type AuthErrorCode, authErrorMessages } from '@addesk/contract/plain';
import type { RouterHistory } from '@tanstack/react-router';
import {
  backButton,
  hapticFeedback,
  init,
  retrieveRawInitData,
  themeParams,
  viewport,
} from '@telegram-apps/sdk';
import { apiRequest, isApiError } from '@/lib/api-client';
import { onSuccessNotified } from '@/lib/notify';
import { closeTopOverlay, openOverlayCount, subscribeToOverlays } from '@/lib/overlays';
import { afterSignInPath } from '@/lib/safe-redirect';
import { applyTelegramTheme } from './theme';

const INVITE_TOKEN = /^[A-Za-z0-9_-]{20,100}$/;

/** The invitation this launch came with: the bot's button opens `/invite/<token>`, which the server turns into /auth?invite=. */
function invitationToken(url: URL): string | undefined {
  const token =
    url.pathname.match(/^\/invite\/([^/]+)\/?$/)?.[1] ??
    (url.pathname === '/auth' ? url.searchParams.get('invite') : null);
  return token && INVITE_TOKEN.test(token) ? token : undefined;
}

/** The /auth code whose text the server answered, so that /auth shows it where it shows every sign-in error. */
function errorCode(message: string): AuthErrorCode {
  const known = Object.entries(authErrorMessages).find(([, text]) => text === message)?.[0];
  return (known as AuthErrorCode | undefined) ?? 'telegram_invalid';
}

function rawInitData(): string | undefined {
  try {
    return retrieveRawInitData();
  } catch {
    // The SDK refuses launch data without the `signature` older Telegram clients leave out; the server checks the hash.
    return new URLSearchParams(window.location.hash.slice(1)).get('tgWebAppData') ?? undefined;
  }
}

/**
 * Signs in with the launch's proof (POST /api/auth/telegram/webapp) and sets the address the router will open: where
 * the user was going once signed in, or /auth with the server's reason. Only a launch carries a fresh proof: a reload
 * inside Telegram keeps the session it already has.
 */
async function signIn(): Promise<void> {
  const initData = rawInitData();
  if (!initData) return;
  const url = new URL(window.location.href);
  const invite = invitationToken(url);
  const entry = url.pathname === '/' || url.pathname === '/auth' || invite !== undefined;
  let next = entry
    ? afterSignInPath(url.searchParams.get('redirect') ?? undefined)
    : `${url.pathname}${url.search}`;
  try {
    await apiRequest('POST', '/auth/telegram/webapp', { body: { initData, ...(invite ? { invite } : {}) } });
  } catch (error) {
    if (!isApiError(error)) throw error;
    // An invitation that no longer works: its page says why.
    if (invite && (error.status === 404 || error.status === 409)) next = `/auth?invite=${invite}`;
    else if (error.status === 401) {
      const query = new URLSearchParams({ error: errorCode(error.message) });
      if (invite) query.set('invite', invite);
      next = `/auth?${query.toString()}`;
    } else throw error;
  }
  window.history.replaceState(null, '', next);
}

/** Shows Telegram's Back button while Back has something to do: an open sheet to close or a screen to return to. */
function bindBackButton(history: RouterHistory): void {
  if (!backButton.mount.isAvailable()) return;
  backButton.mount();
  const update = () => {
    if (openOverlayCount() > 0 || history.canGoBack()) backButton.show();
    else backButton.hide();
  };
  // What the browser's Back does: the top sheet closes first (the overlays' history blocker would close it too, but
  // on the document's first entry Back would leave the app instead).
  backButton.onClick(() => {
    if (!closeTopOverlay()) history.back();
  });
  history.subscribe(update);
  subscribeToOverlays(update);
  update();
}

/**
 * Starts AdDesk inside Telegram, before the router opens the first screen: the SDK, Telegram's colours, the full
 * height and, for a fresh launch, the sign-in. Answers what to do once the router exists: bind Telegram's Back button.
 */
export async function startMiniApp(): Promise<(history: RouterHistory) => void> {
  const launched = window.location.hash.includes('tgWebAppData');
  init();
  if (themeParams.mountSync.isAvailable()) {
    themeParams.mountSync();
    applyTelegramTheme(themeParams.state());
    themeParams.state.sub(applyTelegramTheme);
  }
  viewport.expand.ifAvailable();
  onSuccessNotified(() => hapticFeedback.notificationOccurred.ifAvailable('success'));
  if (launched) {
    try {
      await signIn();
    } catch (error) {
      // No answer (offline, the server down): the router opens the address as it is, /auth if signed out.
      console.error(error);
    }
  }
  return bindBackButton;
}
