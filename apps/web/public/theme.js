// Runs synchronously in <head>, before the first paint, so a light-theme user never sees a dark flash.
// Mirrors src/lib/theme.ts: localStorage key 'vite-ui-theme', values dark | light | system, default dark.
(() => {
  const root = document.documentElement;
  let theme = 'dark';
  try {
    const stored = localStorage.getItem('vite-ui-theme');
    if (stored === 'light' || stored === 'dark' || stored === 'system') theme = stored;
  } catch {
    // Storage can be blocked (private mode, policies): keep the default.
  }
  if (theme === 'system') {
    theme = window.matchMedia('(prefers-color-scheme: light)').matches ? 'light' : 'dark';
  }
  root.classList.remove('light', 'dark');
  root.classList.add(theme);
  const meta = document.querySelector('meta[name="theme-color"]');
  if (meta) meta.setAttribute('content', theme === 'light' ? '#f4f5f7' : '#0b0d12');
})();
