import { fileURLToPath } from 'node:url';
import { tanstackRouterGenerator } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

// The web project of the root vitest run (`npx vitest run --project web`).
// No code splitting and no Tailwind here: tests import route files directly and never load CSS.
export default defineProject({
  plugins: [tanstackRouterGenerator({ target: 'react' }), react()],
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
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'test/**/*.test.{ts,tsx}'],
    setupFiles: ['./test/setup.ts'],
    css: false,
    restoreMocks: true,
    // Whole screens rendered through the router: more than the default 5 s on a busy 2-core machine.
    testTimeout: 30_000,
  },
});
