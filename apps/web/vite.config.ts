import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/**
 * Writes NAME.br and NAME.gz beside every text file of the build, at the highest levels, once: the server sends them
 * to browsers that accept them (@fastify/static, preCompressed), so a phone downloads about a third of the bytes and
 * the server spends no CPU compressing.
 */
function precompress(): Plugin {
  const text = /\.(js|css|html|svg|json|webmanifest|txt)$/;
  let outDir = 'dist';
  return {
    name: 'addesk:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    async closeBundle() {
      const files = (await readdir(outDir, { recursive: true })).filter((name) => text.test(name));
      await Promise.all(
        files.map(async (name) => {
          const path = join(outDir, name);
          const content = await readFile(path);
          await writeFile(
            `${path}.br`,
            await promisify(brotliCompress)(content, {
              params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY },
            }),
          );
          await writeFile(`${path}.gz`, await promisify(gzip)(content, { level: 9 }));
        }),
      );
    },
  };
}

/**
 * Rolldown's own splitting gives every module that two chunks share a chunk of its own: /sales fetched 35 files,
 * most under 2 KB, and a phone on HTTP/1.1 waits a round trip for each six of them. Three groups instead:
 * - framework: the libraries every screen runs on;
 * - shared: the app's components and helpers that several screens use, with their icons;
 * - schemas: zod and the contract's schemas, fetched once, by the first screen whose form validates with them
 *   (decision 009); answers are typed with the contract's types, never parsed, so no first screen needs it;
 * - lists: the deal lists' own parts (below).
 * Screens keep a chunk each, and the parts loaded on first use (sheets, pickers, sonner) stay apart: a module only
 * reached through import() is never a group's shared module.
 */
const framework =
  /[\\/]node_modules[\\/](react|react-dom|scheduler|@tanstack|use-sync-external-store|clsx|class-variance-authority|@radix-ui[\\/]react-(slot|compose-refs))[\\/]/;
// The contract's index only re-exports; its plain/ modules import no zod.
const zodFreeContract = /[\\/]packages[\\/]contract[\\/]src[\\/](index\.ts$|plain[\\/])/;
const shared = /[\\/]apps[\\/]web[\\/]src[\\/](components|lib)[\\/]|[\\/]node_modules[\\/]lucide-react[\\/]/;
const schemas = /[\\/]node_modules[\\/]zod[\\/]|[\\/]packages[\\/]contract[\\/]src[\\/]/;
// Parts that no first screen shows, though several later screens share them: in 'shared' they would ride on every first
// load (/dashboard's among them). The pickers (wheel, period, option lists) open in sheets; the filter row's chips and
// pickers (components/filters) are the lists', the schedule's and finance's alone; the switch (with Radix's, about 1.5
// KB gzipped) is /profile/settings' alone; the clipboard helper serves buttons ('Скопировать'); the logo is /auth's;
// the search box is the lists' and the clients'; the form's field, its errors and its picker button, the confirming
// sheet and the paged lists' 'Загрузить ещё' are the forms' and the lists' (1 KB off /auth and /dashboard); the
// header's links ('Импорт', 'Удалённые') and the import's icon the lists'; the no-access view shows only when a role
// does not give a section; the contract's access rule is the deal screens', its Telegram link reading and its form
// fields' rules the forms', its import fields and limits the import screen's, its ИНН and КПП checks the marking
// forms' (0.9 KB off every first load), its checks of an ad's text and its quarter and levy rules the marking card's and
// /finance's (0.6 KB); the segmented switch is the schedule's and the marking form's.
const notShared =
  /[\\/](components[\\/]ui[\\/](switch|wheel-picker|period-picker|option-picker|search-box|header-link|form-field|picker-trigger|confirm-sheet|paged-list|load-more|segmented)|lib[\\/]form-errors|components[\\/]filters[\\/][a-z-]+|lib[\\/]copy-text|components[\\/]brand[\\/]logo|components[\\/]app[\\/]no-access-view|contract[\\/]src[\\/]plain[\\/](access|telegram|fields|import|post|legal|marking)|lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]file-up)\.(tsx?|mjs)$/;

// The deal lists' own parts (/sales, /purchases, a channel's lists), one group: the screen, its cards, table, totals,
// filter row and search, the bin's link, the selection's first parts, the export button and the import link (the
// address's reading, the list call and the totals call are the routes', in the entry: the totals start with the
// list). Split by Rolldown into what the bin's and the clients' screens also use, /sales fetched six more files of
// 0.05-2 KB, each with its own wrapping; in one chunk /sales loads 1.9 KB less (decision 009, fifth round). The bin's and the clients' screens, which use some of
// them, load it all. Only what it names: what these modules import stays where it was (the filter pickers, the deal
// form's shared parts).
const lists =
  /[\\/](features[\\/]deals[\\/](lib[\\/](deal-rows|dropped-filters-text)|components[\\/](list[\\/][a-z-]+|bin[\\/](bin-texts|deleted-deals-link)|bulk[\\/](bulk-texts|use-deal-selection|select-box)|payment-state-badge))|components[\\/]ui[\\/](search-box|load-more|header-link)|features[\\/](export[\\/]components[\\/]export-button|import[\\/]components[\\/]import-link)|lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]file-up)\.(tsx?|mjs)$/;

// Route generation settings live in tsr.config.json so `tsr generate` (typecheck) and this plugin agree.
export default defineConfig({
  plugins: [
    // Must come before the React plugin: it rewrites route files into split chunks.
    tanstackRouter({ target: 'react', autoCodeSplitting: true }),
    react(),
    tailwindcss(),
    precompress(),
  ],
  resolve: {
    // '@/...' imports come from the `paths` of tsconfig.json.
    tsconfigPaths: true,
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: false } },
  },
  preview: {
    port: 4173,
    proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    target: 'es2022',
    rolldownOptions: {
      output: {
        // A chunk is named by its hash alone: every lazy route's file name is written into the entry chunk that every
        // screen loads, so readable names cost each first load about half a kilobyte. Source maps still name them.
        chunkFileNames: 'assets/[hash].js',
        codeSplitting: {
          groups: [
            { name: 'framework', test: framework, priority: 3 },
            {
              name: 'shared',
              test: (id: string) => (shared.test(id) || zodFreeContract.test(id)) && !notShared.test(id),
              minShareCount: 2,
              priority: 2,
            },
            {
              name: 'lists',
              test: (id: string) => lists.test(id),
              priority: 1.5,
              includeDependenciesRecursively: false,
            },
            // Last, and without the modules the schemas import: the schemas build on the contract's zod-free core,
            // and a zod-free module that one first-load module reads besides them (the return path's rule, read by
            // /auth's search validation) would go along into this chunk, and zod onto every first load. Taken
            // along or not, nothing else changes: what the schemas import besides zod is that core, which runs
            // nothing when it loads.
            {
              name: 'schemas',
              test: (id: string) => schemas.test(id) && !zodFreeContract.test(id),
              priority: 1,
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
});
