import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { notFound } from '../errors.js';

/**
 * Serves the built client, with the SPA fallback: any GET outside /api that is not a file gets
 * index.html, so every route renders from its URL on a cold load; `/` gets the landing page as
 * the build prerendered it (scripts/prerender.mjs), painted before any script runs, and a path of
 * the route table the build's page for its route (the build's pages/routes.json), which links
 * the chunks the route loads beyond the entry, so they load beside the entry instead of after it
 * has run. Without a build, only /api. Every page names for preloading the host's brand logo (its
 * header's image, the largest one a phone paints first), so the image is there when the header
 * renders.
 */
const LANDING = 'pages/landing.html';
const ROUTES = 'pages/routes.json';

/** A route's own page, as the build wrote it (scripts/prerender.mjs). */
interface RoutePage {
  readonly pattern: string;
  readonly file: string;
}

/** Whether `pathname` is a path of `pattern` (`/market/:sportId/:eventId`), as the client's router matches. */
export function matchesPattern(pattern: string, pathname: string): boolean {
  const want = pattern.split('/').filter((part) => part !== '');
  const have = pathname.split('/').filter((part) => part !== '');
  return (
    want.length === have.length &&
    want.every((part, index) =>
      part.startsWith(':') ? true : part.toLowerCase() === have[index]?.toLowerCase(),
    )
  );
}

export async function registerWeb(
  app: FastifyInstance,
  webDist: string | undefined,
  logoFor: (hostname: string) => string,
): Promise<void> {
  const routes: readonly RoutePage[] =
    webDist && existsSync(join(webDist, ROUTES))
      ? (JSON.parse(readFileSync(join(webDist, ROUTES), 'utf8')) as RoutePage[])
      : [];
  const page = (request: FastifyRequest, reply: FastifyReply, file: string) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const route =
      file === LANDING
        ? undefined
        : routes.find((entry) => matchesPattern(entry.pattern, pathname));
    return reply
      .header('Cache-Control', 'no-cache')
      .header('Link', `<${logoFor(request.hostname)}>; rel=preload; as=image`)
      .sendFile(route?.file ?? file);
  };
  if (webDist) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: true,
      // `/` is the prerendered landing page, routed below.
      index: false,
      // The brotli and gzip copies the build makes (scripts/build.mjs), to browsers that accept them.
      preCompressed: true,
      setHeaders: (reply, path) => {
        // Hashed assets never change; index.html must always be revalidated.
        void reply.header(
          'Cache-Control',
          path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }
  if (webDist) {
    const landing = existsSync(join(webDist, LANDING)) ? LANDING : 'index.html';
    app.route({
      method: ['GET', 'HEAD'],
      url: '/',
      schema: { hide: true },
      handler: (request, reply) => page(request, reply, landing),
    });
  }
  app.setNotFoundHandler(async (request, reply) => {
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') && !request.url.startsWith('/api');
    if (webDist && isPage) {
      return page(request, reply, 'index.html');
    }
    throw notFound(`No route ${request.method} ${request.url.split('?')[0] ?? ''}`);
  });
}
