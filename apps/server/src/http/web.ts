import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { Brand } from '@backlay/contract/site';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { notFound } from '../errors.js';
import { escapeHtml } from './html.js';

/**
 * Serves the built client, with the SPA fallback: any GET outside /api that is not a file gets
 * index.html, so every route renders from its URL on a cold load; `/` gets the landing page as
 * the build prerendered it (scripts/prerender.mjs), painted before any script runs, and a path of
 * the route table the build's page for its route (the build's pages/routes.json), which links
 * the chunks the route loads beyond the entry, so they load beside the entry instead of after it
 * has run. Without a build, only /api. Every page names for preloading the host's brand logo (its
 * header's image, the largest one a phone paints first), so the image is there when the header
 * renders, and carries the host's brand where the build wrote the default's — the logo (the
 * loading screen's, the root element's `--brand-logo`) and the title — so its first paint is the
 * host's.
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

/**
 * A built page as `brand`'s host sees it, or undefined when it is the page as built (the build
 * writes the web client's default brand: its logo in the root element's style, `url(&quot;…&quot;)`,
 * and wherever else it shows, and its title).
 */
export function brandedPage(
  html: string,
  brand: Pick<Brand, 'logo' | 'title'>,
): string | undefined {
  const logo = /--brand-logo:url\(&quot;([^&"]+)&quot;\)/.exec(html)?.[1];
  const title = /<title>([^<]*)<\/title>/.exec(html)?.[1];
  const wantedTitle = escapeHtml(brand.title);
  const wantedLogo = escapeHtml(brand.logo);
  if ((logo === undefined || logo === wantedLogo) && (title === undefined || title === wantedTitle))
    return undefined;
  const withLogo = logo === undefined ? html : html.replaceAll(logo, wantedLogo);
  return title === undefined
    ? withLogo
    : withLogo.replace(`<title>${title}</title>`, `<title>${wantedTitle}</title>`);
}

export async function registerWeb(
  app: FastifyInstance,
  webDist: string | undefined,
  brandFor: (hostname: string) => Pick<Brand, 'id' | 'logo' | 'title'>,
): Promise<void> {
  const routes: readonly RoutePage[] =
    webDist && existsSync(join(webDist, ROUTES))
      ? (JSON.parse(readFileSync(join(webDist, ROUTES), 'utf8')) as RoutePage[])
      : [];
  /** Each page as each brand's hosts see it (null: as built), made on its first request. */
  const branded = new Map<string, string | null>();
  const pageFor = (dist: string, file: string, brand: Pick<Brand, 'id' | 'logo' | 'title'>) => {
    const key = `${brand.id}\n${file}`;
    let html = branded.get(key);
    if (html === undefined) {
      html = brandedPage(readFileSync(join(dist, file), 'utf8'), brand) ?? null;
      branded.set(key, html);
    }
    return html;
  };
  const page = (request: FastifyRequest, reply: FastifyReply, file: string) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const route =
      file === LANDING
        ? undefined
        : routes.find((entry) => matchesPattern(entry.pattern, pathname));
    const shown = route?.file ?? file;
    const brand = brandFor(request.hostname);
    const html = webDist ? pageFor(webDist, shown, brand) : null;
    void reply
      .header('Cache-Control', 'no-cache')
      .header('Link', `<${brand.logo}>; rel=preload; as=image`);
    return html === null
      ? reply.sendFile(shown)
      : reply.type('text/html; charset=utf-8').send(html);
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
