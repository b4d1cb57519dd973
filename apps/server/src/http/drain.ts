import type { FastifyInstance } from 'fastify';

/** What a request gets while the server drains (docs/reliability.md, "Graceful stop"). */
export const DRAINING_MESSAGE = 'The server is restarting. Please try again in a moment.';
export const DRAINING_RETRY_AFTER_S = 5;

/**
 * The drain (docs/decisions.md#stack). Once the server is closing it no longer accepts connections (Fastify
 * stops listening); a request that still arrives on an open keep-alive connection is answered
 * 503 with `Retry-After`, and every answer — those of requests in flight too — carries
 * `Connection: close`, so a client lets go of its socket right after its last answer and the
 * drain finishes without waiting for the keep-alive timeout (Fastify's is 72 s).
 */
export function registerDrain(app: FastifyInstance): void {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onRequest', async (_request, reply) => {
    if (!closing) return;
    return reply
      .code(503)
      .header('Retry-After', String(DRAINING_RETRY_AFTER_S))
      .send({ Status: false, Result: DRAINING_MESSAGE });
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    if (closing) void reply.header('Connection', 'close');
    return payload;
  });
}
