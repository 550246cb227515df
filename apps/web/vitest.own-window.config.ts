import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

// The web tests that drive the window's own history (jsdom's, with real popstate events) get a fresh window each,
// while every other web file shares its worker's (the root vitest.config.ts). Moscow's clock: they show no dates.
export const ownWindow = ['src/lib/overlays.test.tsx'];

export default defineProject({
  plugins: [react()],
  resolve: {
    // '@/...' imports come from the `paths` of tsconfig.json; `cn` is the checked one (test/checked-cn.ts).
    alias: [
      {
        find: /^@\/lib\/utils$/,
        replacement: fileURLToPath(new URL('./test/checked-cn.ts', import.meta.url)),
      },
    ],
    tsconfigPaths: true,
  },
  test: {
    name: 'web-own-window',
    environment: 'jsdom',
    env: { TZ: 'Europe/Moscow' },
    include: ownWindow,
    setupFiles: ['./test/setup.ts'],
    css: false,
  },
});
