import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

// The web tests that drive the window's own history (jsdom's, with real popstate events) get a fresh window each,
// while every other web file shares its worker's (the root vitest.config.ts). Moscow's clock: they show no dates.
export const ownWindow = ['src/lib/overlays.test.tsx'];

export default defineProject({
  plugins: [react()],
  resolve: { tsconfigPaths: true },
  test: {
    name: 'web-own-window',
    environment: 'jsdom',
    env: { TZ: 'Europe/Moscow' },
    include: ownWindow,
    setupFiles: ['./test/setup.ts'],
    css: false,
  },
});
