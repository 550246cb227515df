import Fastify from 'fastify';

/**
 * The ceilings of this machine for the same HTTP stack, built here and not part of the product: a route answering a
 * small JSON object, and one answering the 50-deal page the product serves, from memory.
 */
export async function startCeilings(page: unknown) {
  const app = Fastify({ logger: false });
  app.get('/small', async () => ({ status: 'ok' }));
  const body = JSON.stringify(page);
  app.get('/page', async (_request, reply) => reply.type('application/json').send(body));
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  return { address, close: () => app.close() };
}
