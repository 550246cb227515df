import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createConnection, createServer } from 'node:net';
import { networkInterfaces, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/env.js';

// What `npm start` does (the demo sign-in on), as a real process: which interfaces the server listens on.

const serverRoot = fileURLToPath(new URL('..', import.meta.url));

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

/** Whether a TCP connection to host:port is accepted. */
const accepts = (host: string, port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = createConnection({ host, port, timeout: 2000 });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });

/** This machine's first address another machine could reach it at, if it has one. */
const outsideAddress = Object.values(networkInterfaces())
  .flat()
  .find((address) => address && !address.internal && address.family === 'IPv4')?.address;

const running: ChildProcess[] = [];
const folders: string[] = [];

/**
 * Starts src/server.ts as `npm start` does, with `env` on top and its data in `dataDir`; resolves once /api/health
 * answers, with its port and a way to stop it.
 */
async function start(dataDir: string, env: Record<string, string> = {}) {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: serverRoot,
    env: {
      PATH: process.env.PATH,
      PORT: String(port),
      DATA_DIR: dataDir,
      DEMO_LOGIN: '1',
      BACKGROUND_JOBS: '0',
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.push(child);
  const log: string[] = [];
  child.stdout?.on('data', (chunk: Buffer) => log.push(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => log.push(chunk.toString()));
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server stopped: ${log.join('')}`);
    const health = await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => undefined);
    if (health?.ok) return { port, log, stop: () => stop(child) };
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the server did not start: ${log.join('')}`);
}

const stop = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });

afterAll(async () => {
  await Promise.all(running.map(stop));
  await Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true })));
});

describe('where the server listens', () => {
  it('reads HOST, 127.0.0.1 when it is not set', () => {
    expect(loadConfig({}).host).toBe('127.0.0.1');
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    expect(loadConfig({ HOST: ' ::1 ' }).host).toBe('::1');
    expect(() => loadConfig({ HOST: '' })).toThrow(/HOST/);
  });

  it('listens on 127.0.0.1 only by default, and on every interface with HOST=0.0.0.0', async () => {
    // One data folder for both, one after the other: the second start finds it migrated (a few seconds less).
    const dataDir = await mkdtemp(join(tmpdir(), 'addesk-listen-'));
    folders.push(dataDir);
    const loopback = await start(dataDir);
    expect(await accepts('127.0.0.1', loopback.port)).toBe(true);
    // `localhost`, as PUBLIC_URL's default names it, reaches the loopback server.
    expect((await fetch(`http://localhost:${loopback.port}/api/health`)).ok).toBe(true);
    expect(loopback.log.join('')).toContain(`Server listening at http://127.0.0.1:${loopback.port}`);
    if (outsideAddress) expect(await accepts(outsideAddress, loopback.port), outsideAddress).toBe(false);
    await loopback.stop();

    const everywhere = await start(dataDir, { HOST: '0.0.0.0' });
    expect(await accepts('127.0.0.1', everywhere.port)).toBe(true);
    if (outsideAddress) expect(await accepts(outsideAddress, everywhere.port), outsideAddress).toBe(true);
  }, 90_000);
});
