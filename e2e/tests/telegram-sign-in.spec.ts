import { createHmac } from 'node:crypto';
import type { Page } from '@playwright/test';
import { test } from '../fixtures/bot-server.ts';
import { atPath, test as botlessTest, expect, expectNoA11yViolations } from '../fixtures/index.ts';

// Issue 39, the web side: Telegram as the front door. On a server with a bot /auth offers 'Войти через Telegram'; the
// app opened as a Mini App (Telegram's launch parameters in the address, its webview's bridge in the page) signs in
// by itself, takes Telegram's colours and drives Telegram's Back button.

// One bot server for the file (fixtures/bot-server.ts: the fake Telegram has one update queue per token).
test.describe.configure({ mode: 'serial' });

const BOT_TOKEN = '123:TEST';

/** A Mini App's initData signed with the bot's token as Telegram signs it (apps/server/test/helpers/telegram-login.ts). */
function signedInitData(user: Record<string, unknown>): string {
  const fields: Record<string, string> = {
    query_id: 'AAHdF6IQAAAAAN0XohDhrOrc',
    user: JSON.stringify(user),
    auth_date: String(Math.floor(Date.now() / 1000)),
    // Telegram's Ed25519 signature for third parties (Bot API 8.0), which the SDK expects; the hash covers it too.
    signature: 'ZmFrZS1zaWduYXR1cmUtb2YtdGhlLWxhdW5jaC1kYXRhLWZvci10aGUtZTJlLXRlc3Qtb25seS0wMTIzNDU2Nzg5',
  };
  const checkString = Object.keys(fields)
    .sort()
    .map((name) => `${name}=${fields[name]}`)
    .join('\n');
  const key = createHmac('sha256', 'WebAppData').update(BOT_TOKEN).digest();
  const hash = createHmac('sha256', key).update(checkString).digest('hex');
  return new URLSearchParams({ ...fields, hash }).toString();
}

// Telegram's day theme: the app, dark by default, turns light.
const theme = {
  bg_color: '#ffffff',
  secondary_bg_color: '#f1f1f4',
  text_color: '#000000',
  hint_color: '#6d6d72',
  button_color: '#2481cc',
  button_text_color: '#ffffff',
};

/** The address Telegram opens a Mini App at: the page, and the launch parameters in its fragment. */
function launchUrl(path: string, initData: string): string {
  const params = new URLSearchParams({
    tgWebAppData: initData,
    tgWebAppVersion: '8.0',
    tgWebAppPlatform: 'android',
    tgWebAppThemeParams: JSON.stringify(theme),
  });
  return `${path}#${params.toString()}`;
}

type PostedEvent = [type: string, data: unknown];

/** Telegram's webview bridge, faked: what the app posts to Telegram is recorded in `window.__posted`. */
async function fakeTelegramWebview(page: Page) {
  await page.addInitScript(() => {
    const posted: [string, unknown][] = [];
    Object.assign(window, {
      __posted: posted,
      TelegramWebviewProxy: {
        postEvent(type: string, data?: string) {
          posted.push([type, data ? JSON.parse(data) : undefined]);
        },
      },
    });
  });
}

const posted = (page: Page) =>
  page.evaluate(() => (window as unknown as { __posted: PostedEvent[] }).__posted);

/** Whether Telegram's Back button is shown now: the last `web_app_setup_back_button` the app posted (none: hidden). */
async function backButtonVisible(page: Page): Promise<boolean> {
  const setups = (await posted(page)).filter(([type]) => type === 'web_app_setup_back_button');
  return (setups.at(-1)?.[1] as { is_visible?: boolean } | undefined)?.is_visible ?? false;
}

/** A press of Telegram's Back button, delivered the way Telegram delivers events to the page. */
const pressTelegramBack = (page: Page) =>
  page.evaluate(() =>
    (
      window as unknown as { Telegram: { WebView: { receiveEvent: (name: string) => void } } }
    ).Telegram.WebView.receiveEvent('back_button_pressed'),
  );

test("/auth offers 'Войти через Telegram' where the server has a bot", async ({ page }) => {
  await page.goto('/auth?redirect=%2Fsales');
  const telegram = page.getByRole('link', { name: 'Войти через Telegram' });
  await expect(telegram).toBeVisible();
  expect(await telegram.getAttribute('href')).toBe('/api/auth/login?authBy=telegram&redirect=%2Fsales');
  await expectNoA11yViolations(page);
});

botlessTest("/auth has no 'Войти через Telegram' where the server has no bot", async ({ page }) => {
  await page.goto('/auth');
  await expect(page.getByRole('link', { name: 'Регистрация через Google' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Войти через Telegram' })).toHaveCount(0);
});

test("a Mini App's launch signs in by itself, in Telegram's colours, and Telegram's Back button closes a sheet", async ({
  page,
}) => {
  await fakeTelegramWebview(page);
  const user = {
    id: 7_390_001,
    first_name: 'Алёна',
    last_name: 'Ёлкина',
    username: 'alena_mini',
    language_code: 'ru',
  };
  await page.goto(launchUrl('/', signedInitData(user)));

  await expect(page).toHaveURL(atPath('/dashboard'));
  await expect(page.getByRole('heading', { level: 1, name: /Алёна/ })).toBeVisible();
  // The launch parameters are out of the address once used.
  expect(new URL(page.url()).hash).toBe('');
  const background = await page.evaluate(() =>
    getComputedStyle(document.documentElement).getPropertyValue('--background').trim(),
  );
  expect(background).toBe(theme.secondary_bg_color);
  await expect(page.locator('html')).toHaveClass(/\blight\b/);
  expect((await posted(page)).map(([type]) => type)).toContain('web_app_expand');
  // The dashboard is the root: nothing to go back to.
  expect(await backButtonVisible(page)).toBe(false);

  await page.getByRole('link', { name: 'Продажи' }).click();
  await expect(page).toHaveURL(atPath('/sales'));
  await page.getByRole('button', { name: /^Период: / }).click();
  const picker = page.getByRole('dialog', { name: 'Период' });
  await expect(picker).toBeVisible();
  await expect.poll(() => backButtonVisible(page)).toBe(true);

  await pressTelegramBack(page);
  await expect(picker).toHaveCount(0);
  await expect(page).toHaveURL(atPath('/sales'));
  await expect(page.getByRole('heading', { level: 1, name: 'Продажи' })).toBeVisible();

  // With nothing open it goes back a screen, to the root, where the button hides.
  await pressTelegramBack(page);
  await expect(page).toHaveURL(atPath('/dashboard'));
  await expect.poll(() => backButtonVisible(page)).toBe(false);
});

test("a launch with a forged proof stays on /auth with the server's reason", async ({ page }) => {
  await fakeTelegramWebview(page);
  const forged = signedInitData({ id: 7_390_002, first_name: 'Ева' }).replace(
    /hash=[0-9a-f]+/,
    `hash=${'0'.repeat(64)}`,
  );
  await page.goto(launchUrl('/', forged));
  await expect(page).toHaveURL(atPath('/auth'));
  await expect(page.getByRole('alert')).toContainText('Telegram не подтвердил вход');
});
