import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from 'helmet';
import { tooManyRequests } from '../errors.js';

/**
 * Security headers from the start (issue server-foundation §4): a strict CSP with no inline
 * script, no framing of our pages, no base-URI games; nosniff; a strict referrer policy; answers
 * to authenticated calls (wallet, reports) are never stored by a cache.
 *
 * The headers are the same for every answer, so helmet works them out once, at start, and each
 * request only sets them: @fastify/helmet rebuilt helmet on every request (a tenth of the server's
 * CPU per bet), and helmet's own middleware joins the CSP again on each (bench/RESULTS.md, bets).
 */
export async function registerSecurity(
  app: FastifyInstance,
  options: { rateLimitPerMin: number; frameOrigins: readonly string[] },
): Promise<void> {
  const headers = headersOf(
    helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:'],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'"],
          // Our own frames only: live TV (and, later, the casino provider) on their own origins.
          frameSrc: ["'self'", ...options.frameOrigins],
          objectSrc: ["'none'"],
          baseUri: ["'none'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
        },
      },
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      crossOriginEmbedderPolicy: false,
    }),
  );
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });

  await app.register(rateLimit, {
    global: true,
    max: options.rateLimitPerMin,
    timeWindow: 60_000,
    errorResponseBuilder: (_request, context) =>
      tooManyRequests(
        `Too many requests. Try again in ${Math.ceil(context.ttl / 1000)} seconds.`,
        Math.ceil(context.ttl / 1000),
      ),
  });

  app.addHook('onSend', async (request, reply, payload) => {
    if (
      request.routeOptions.config.audience === 'client' ||
      request.routeOptions.config.audience === 'ops'
    ) {
      void reply.header('Cache-Control', 'no-store');
    }
    return payload;
  });
}

/** The headers a helmet middleware sets, worked out once (they depend on no request). */
function headersOf(middleware: ReturnType<typeof helmet>): [string, string][] {
  const headers: [string, string][] = [];
  const recorder = {
    setHeader: (name: string, value: unknown) => headers.push([name, String(value)]),
    // X-Powered-By: node never sets it.
    removeHeader: () => {},
  };
  middleware({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error instanceof Error ? error : new Error('helmet refused its options');
  });
  return headers;
}
