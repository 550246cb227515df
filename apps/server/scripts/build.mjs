// Bundles the server into dist/server.js, and the embedded database's thread into dist/embedded-worker.js beside it
// (src/db/embedded.ts finds it there): our code and the contract (shipped as TypeScript source) are bundled, every
// registry package stays external and is loaded from node_modules.
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@addesk/'));

await build({
  entryPoints: ['src/server.ts', 'src/db/embedded-worker.js'],
  outdir: 'dist',
  entryNames: '[name]',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external,
  logLevel: 'warning',
});
