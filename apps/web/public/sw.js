// AdDesk service worker: keeps the app shell so the app opens on a bad connection.
// - navigations (index.html): network first, the cached shell when offline;
// - /assets/* (hashed by Vite, never change): cache first;
// - other static files (icons, manifest, theme.js): network first with cache fallback;
// - /api/* and other origins: never touched, never cached.
const SHELL_CACHE = 'addesk-shell-v1';
const ASSETS_CACHE = 'addesk-assets-v1';
const CURRENT_CACHES = [SHELL_CACHE, ASSETS_CACHE];
const SHELL_URL = '/index.html';
const PRECACHE = [SHELL_URL, '/theme.js', '/manifest.webmanifest', '/icons/icon.svg', '/icons/icon-192.png'];
// Hashed files of old builds pile up: keep the newest ones only.
const MAX_ASSETS = 120;

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(SHELL_CACHE)
      .then((cache) => cache.addAll(PRECACHE))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(
          names.filter((name) => !CURRENT_CACHES.includes(name)).map((name) => caches.delete(name)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

async function trimAssets() {
  const cache = await caches.open(ASSETS_CACHE);
  const keys = await cache.keys();
  await Promise.all(
    keys.slice(0, Math.max(0, keys.length - MAX_ASSETS)).map((request) => cache.delete(request)),
  );
}

async function networkFirst(request, cacheKey) {
  const cache = await caches.open(SHELL_CACHE);
  try {
    const response = await fetch(request);
    if (response.ok && response.type === 'basic') await cache.put(cacheKey ?? request, response.clone());
    return response;
  } catch (error) {
    const cached = await cache.match(cacheKey ?? request);
    if (cached) return cached;
    throw error;
  }
}

async function cacheFirst(request) {
  const cache = await caches.open(ASSETS_CACHE);
  const cached = await cache.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok && response.type === 'basic') {
    await cache.put(request, response.clone());
    await trimAssets();
  }
  return response;
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (url.pathname === '/api' || url.pathname.startsWith('/api/')) return;

  if (request.mode === 'navigate') {
    // Every in-app path is the same SPA shell: cache it under one key.
    event.respondWith(networkFirst(request, SHELL_URL));
    return;
  }
  if (url.pathname.startsWith('/assets/')) {
    event.respondWith(cacheFirst(request));
    return;
  }
  if (url.pathname === '/sw.js') return;
  event.respondWith(networkFirst(request));
});
