import { fileURLToPath } from 'node:url';

// This module sits one folder below the package root both as source (src/paths.ts) and once bundled (dist/server.js),
// so the same relative addresses hold in development, in tests and in production.
export const migrationsFolder = fileURLToPath(new URL('../drizzle', import.meta.url));
export const webDistFolder = fileURLToPath(new URL('../../web/dist', import.meta.url));
