import type { ThemeParams } from '@telegram-apps/sdk';
import { applyTheme, storeTheme } from '@/lib/theme';

// Telegram's page is the secondary background and its sections the main one, as the app's page and cards.
const tokens = {
  secondary_bg_color: ['--background'],
  bg_color: ['--card'],
  text_color: ['--foreground', '--card-foreground'],
  hint_color: ['--muted-foreground'],
  button_color: ['--primary'],
  button_text_color: ['--primary-foreground'],
} as const;

const HEX = /^#[0-9a-f]{6}$/i;

function isDark(hex: string): boolean {
  const [r, g, b] = [1, 3, 5].map((at) => Number.parseInt(hex.slice(at, at + 2), 16));
  return 0.299 * (r ?? 0) + 0.587 * (g ?? 0) + 0.114 * (b ?? 0) < 128;
}

/**
 * Paints the app in Telegram's colours: the light or dark palette by Telegram's background, then its few colours over
 * the palette's tokens. Only plain #rrggbb values are taken; the tokens Telegram has no colour for keep the palette's.
 */
export function applyTelegramTheme(params: ThemeParams): void {
  const background = params.bg_color;
  if (!background || !HEX.test(background)) return;
  // Stored as the choice too, or the theme provider would put the stored palette back under Telegram's colours. The
  // webview keeps storage apart from the phone's browser, so the browser's choice stays its own.
  const palette = isDark(background) ? 'dark' : 'light';
  storeTheme(palette);
  applyTheme(palette);
  const style = document.documentElement.style;
  for (const [key, names] of Object.entries(tokens)) {
    const colour = params[key];
    for (const name of names) {
      if (colour && HEX.test(colour)) style.setProperty(name, colour);
      else style.removeProperty(name);
    }
  }
}
