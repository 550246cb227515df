#!/usr/bin/env node
// `npm run typecheck`: every workspace's own `typecheck` script, two at a time (tsc is single-threaded: one after
// another left a core idle for about 20 s in CI). Each one's output is printed whole when it ends, so two do not
// interleave; the exit status is non-zero when any failed.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';

const { workspaces } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
// The slowest first (each of these checks the server's sources), so the last two end close together.
const order = ['bench', 'apps/server', 'apps/web'];
const queue = [...workspaces].sort(
  (a, b) => (order.indexOf(a) + 1 || order.length + 1) - (order.indexOf(b) + 1 || order.length + 1),
);

function check(workspace) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn('npm', ['run', '-s', 'typecheck', '-w', workspace], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.on('close', (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      process.stdout.write(`${code === 0 ? 'ok' : 'FAILED'} ${workspace} (${seconds} s)\n${output}`);
      resolve(code === 0);
    });
  });
}

async function worker(results) {
  for (let workspace = queue.shift(); workspace; workspace = queue.shift())
    results.push(await check(workspace));
}

const results = [];
await Promise.all([worker(results), worker(results)]);
process.exit(results.every(Boolean) ? 0 : 1);
