import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { notFound } from '../errors.js';

/**
 * Serves the built client, with the SPA fallback: any GET outside /api that is not a file gets
 * index.html, so every route renders from its URL on a cold load; `/` gets the landing page as
 * the build prerendered it (scripts/prerender.mjs), painted before any script runs. Without a
 * build, only /api. A page names for preloading the host's brand logo (its header's image, the
 * largest one a phone paints first), so the image is there when the header renders, and the
 * chunks its route loads beyond the entry (the build's pages/preloads.json), so they load beside
 * the entry instead of after it has run.
 */
const LANDING = 'pages/landing.html';
const PRELOADS = 'pages/preloads.json';

/** A route's chunks beyond the entry's, as the build wrote them (scripts/prerender.mjs). */
interface RoutePreloads {
  readonly pattern: string;
  readonly scripts: readonly string[];
  readonly styles: readonly string[];
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
  const routes: readonly RoutePreloads[] =
    webDist && existsSync(join(webDist, PRELOADS))
      ? (JSON.parse(readFileSync(join(webDist, PRELOADS), 'utf8')) as RoutePreloads[])
      : [];
  const page = (request: FastifyRequest, reply: FastifyReply, file: string) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const route =
      file === LANDING
        ? undefined
        : routes.find((entry) => matchesPattern(entry.pattern, pathname));
    const links = [
      `<${logoFor(request.hostname)}>; rel=preload; as=image`,
      ...(route?.styles ?? []).map((style) => `<${style}>; rel=preload; as=style`),
      ...(route?.scripts ?? []).map((script) => `<${script}>; rel=modulepreload`),
    ];
    return reply
      .header('Cache-Control', 'no-cache')
      .header('Link', links.join(', '))
      .sendFile(file);
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
