import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import { tooManyRequests } from '../errors.js';

/**
 * Security headers from the start (issue server-foundation §4): a strict CSP with no inline
 * script, no framing of our pages, no base-URI games; nosniff; a strict referrer policy; answers
 * to authenticated calls (wallet, reports) are never stored by a cache.
 *
 * Helmet's middleware is built once: the headers are the same for every route, and
 * @fastify/helmet rebuilt it (parsing the CSP directives again) on every request, a tenth of the
 * server's CPU per bet (bench/RESULTS.md, bets).
 */
export async function registerSecurity(
  app: FastifyInstance,
  options: { rateLimitPerMin: number; frameOrigins: readonly string[] },
): Promise<void> {
  const headers = helmet({
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
  });
  app.addHook('onRequest', (request, reply, done) => {
    headers(request.raw, reply.raw, (error) => {
      done(error instanceof Error ? error : undefined);
    });
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
