/** Registers public/sw.js (app shell cache) once the page has loaded. Production builds only: see app/main.tsx. */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch((error: unknown) => {
      console.warn('Service worker не зарегистрирован', error);
    });
  });
}
