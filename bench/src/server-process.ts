import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

const serverEntry = fileURLToPath(new URL('../../apps/server/dist/server.js', import.meta.url));
const ceilingsEntry = fileURLToPath(new URL('./ceilings.ts', import.meta.url));

export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer();
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });

/** The built product server (`npm run build` first), as `npm start` runs it, in a process of its own. */
export const startServer = (env: Record<string, string>) => start([serverEntry], env, '/api/health');

/** The bare Fastify app of the ceilings (ceilings.ts), in a process of its own as well. */
export const startCeilings = (env: Record<string, string>) =>
  start(['--import', 'tsx', ceilingsEntry], env, '/small');

async function start(args: string[], env: Record<string, string>, readyPath: string) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, args, {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: base,
      LOG_LEVEL: 'warn',
      // The load comes from one address, thousands of calls a second.
      API_PER_MINUTE: '10000000',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${base}${readyPath}`)).ok) break;
    } catch {}
    if (Date.now() > deadline) throw new Error('server did not become healthy in 120 s');
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    base,
    // autocannon leaves up to 50 requests in flight when its time is up: let them finish before stopping.
    stop: () =>
      new Promise<void>((resolve) => setTimeout(resolve, 1000)).then(
        () =>
          new Promise<void>((resolve) => {
            child.once('exit', () => resolve());
            child.kill('SIGTERM');
          }),
      ),
  };
}
