import type { FastifyInstance } from 'fastify';

/**
 * Once the server is closing, every answer carries `Connection: close`, so a keep-alive client
 * lets go of its socket right after its last answer and the drain finishes without waiting for
 * the keep-alive timeout (Fastify's is 72 s).
 */
export function registerDrain(app: FastifyInstance): void {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    if (closing) void reply.header('Connection', 'close');
    return payload;
  });
}
