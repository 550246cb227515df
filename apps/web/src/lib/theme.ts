/** Same key, values and default as public/theme.js, which applies the theme before the first paint. */
export const THEME_STORAGE_KEY = 'vite-ui-theme';
export const themes = ['dark', 'light', 'system'] as const;
export type Theme = (typeof themes)[number];
export const DEFAULT_THEME: Theme = 'dark';

const themeColors = { dark: '#0b0d12', light: '#f4f5f7' } as const;

export function isTheme(value: unknown): value is Theme {
  return typeof value === 'string' && (themes as readonly string[]).includes(value);
}

export function readStoredTheme(): Theme {
  try {
    const stored = window.localStorage.getItem(THEME_STORAGE_KEY);
    return isTheme(stored) ? stored : DEFAULT_THEME;
  } catch {
    return DEFAULT_THEME;
  }
}

export function storeTheme(theme: Theme): void {
  try {
    window.localStorage.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // Blocked storage: the choice lasts for this page only.
  }
}

export function systemPrefersLight(): boolean {
  return (
    typeof window.matchMedia === 'function' && window.matchMedia('(prefers-color-scheme: light)').matches
  );
}

/** The concrete theme drawn on screen: 'system' follows the device. */
export function resolveTheme(theme: Theme): 'dark' | 'light' {
  if (theme === 'system') return systemPrefersLight() ? 'light' : 'dark';
  return theme;
}

export function applyTheme(theme: Theme): 'dark' | 'light' {
  const resolved = resolveTheme(theme);
  const root = document.documentElement;
  // Toggled, not removed and added again: public/theme.js has usually set this class already, and a class
  // changing on <html> restyles the whole page.
  root.classList.toggle('dark', resolved === 'dark');
  root.classList.toggle('light', resolved === 'light');
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', themeColors[resolved]);
  return resolved;
}
