import { buildApp } from './app.js';
import { openDatabase } from './db/client.js';
import { loadConfig } from './env.js';

const config = loadConfig();
const database = await openDatabase(config.database);
await database.migrate();
const app = await buildApp({ config, database });

let closing = false;
const shutdown = async (signal: string) => {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down: finishing requests in flight');
  // close() stops accepting connections, waits for requests in flight, then closes the database (onClose).
  await app.close();
  process.exit(0);
};
process.once('SIGTERM', () => void shutdown('SIGTERM'));
process.once('SIGINT', () => void shutdown('SIGINT'));

await app.listen({ host: config.host, port: config.port });
app.log.info(
  `AdDesk: ${config.publicUrl} (${database.kind === 'pglite' ? 'PGlite' : 'PostgreSQL'}, демо-вход ${config.demoLogin ? 'включён' : 'выключен'})`,
);
