import type { FastifyInstance } from 'fastify';
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from 'helmet';

/**
 * Security headers from the start (docs/decisions.md#stack: helmet): a strict CSP with no inline
 * script, no framing of our pages, no base-URI games; nosniff; a strict referrer policy; answers
 * to authenticated calls (wallet, reports) are never stored by a cache.
 *
 * The headers are the same for every answer, so helmet works them out once, at start, and each
 * request only sets them: @fastify/helmet rebuilt helmet on every request (a tenth of the server's
 * CPU per bet), and helmet's own middleware joins the CSP again on each (bench/RESULTS.md, bets).
 */
export function registerSecurity(
  app: FastifyInstance,
  headers: readonly (readonly [string, string])[],
): void {
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const audience = request.routeOptions.config.audience;
    // A snapshot read sets its own (private, revalidated with its ETag: http/snapshot.ts).
    if (
      (audience === 'client' || audience === 'ops' || audience === 'operator') &&
      !reply.hasHeader('cache-control')
    ) {
      void reply.header('Cache-Control', 'no-store');
    }
    return payload;
  });
}

/** Every answer's security headers (helmet's, with our policy), worked out once. */
export function securityHeaders(frameOrigins: readonly string[]): [string, string][] {
  return headersOf(
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
          frameSrc: ["'self'", ...frameOrigins],
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
