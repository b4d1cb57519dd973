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
 * host's. The web app manifest is the host's brand's too (`/manifest.webmanifest`,
 * docs/pwa-and-data-saver.md), and the service worker (`/sw.js`) is revalidated on every load,
 * so a deploy reaches installed apps.
 */
const LANDING = 'pages/landing.html';
const ROUTES = 'pages/routes.json';

/** What the server reads of the host's brand. */
type PageBrand = Pick<Brand, 'id' | 'name' | 'logo' | 'favicon' | 'title' | 'colors'>;

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
  brand: Pick<Brand, 'logo' | 'title'> & { readonly colors?: Pick<Brand['colors'], 'primary'> },
): string | undefined {
  const logo = /--brand-logo:url\(&quot;([^&"]+)&quot;\)/.exec(html)?.[1];
  const title = /<title>([^<]*)<\/title>/.exec(html)?.[1];
  const theme = /<meta name="theme-color" content="([^"]*)"/.exec(html)?.[1];
  const wantedTitle = escapeHtml(brand.title);
  const wantedLogo = escapeHtml(brand.logo);
  const wantedTheme = brand.colors === undefined ? theme : escapeHtml(brand.colors.primary);
  if (
    (logo === undefined || logo === wantedLogo) &&
    (title === undefined || title === wantedTitle) &&
    theme === wantedTheme
  )
    return undefined;
  const withLogo = logo === undefined ? html : html.replaceAll(logo, wantedLogo);
  const withTheme =
    theme === undefined || wantedTheme === undefined
      ? withLogo
      : withLogo.replace(
          `<meta name="theme-color" content="${theme}"`,
          `<meta name="theme-color" content="${wantedTheme}"`,
        );
  return title === undefined
    ? withTheme
    : withTheme.replace(`<title>${title}</title>`, `<title>${wantedTitle}</title>`);
}

/** The sizes the build draws each brand's install icons at (scripts/brand-icons.mjs). */
const ICON_SIZES = [192, 512] as const;

/**
 * The web app manifest of a brand: its name, colours and icons, opening on `/` as an app of its
 * own. `hasIcons` says whether the build drew the brand's PNG icons (apps/web/public/icons); a
 * brand of a BRANDS_FILE it did not draw installs with its favicon, an SVG of any size.
 */
export function webManifest(brand: PageBrand, hasIcons: boolean): Record<string, unknown> {
  const icons = hasIcons
    ? [
        ...ICON_SIZES.map((size) => ({
          src: `/icons/${brand.id}-${size}.png`,
          sizes: `${size}x${size}`,
          type: 'image/png',
          purpose: 'any',
        })),
        {
          src: `/icons/${brand.id}-maskable-512.png`,
          sizes: '512x512',
          type: 'image/png',
          purpose: 'maskable',
        },
      ]
    : [{ src: brand.favicon, sizes: 'any', type: 'image/svg+xml', purpose: 'any' }];
  return {
    id: '/',
    name: brand.name,
    short_name: brand.name,
    description: brand.title,
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: brand.colors.primary,
    background_color: brand.colors.page,
    icons,
  };
}

export async function registerWeb(
  app: FastifyInstance,
  webDist: string | undefined,
  brandFor: (hostname: string) => PageBrand,
): Promise<void> {
  const routes: readonly RoutePage[] =
    webDist && existsSync(join(webDist, ROUTES))
      ? (JSON.parse(readFileSync(join(webDist, ROUTES), 'utf8')) as RoutePage[])
      : [];
  /** Each page as each brand's hosts see it (null: as built), made on its first request. */
  const branded = new Map<string, string | null>();
  const pageFor = (dist: string, file: string, brand: PageBrand) => {
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
        // Hashed assets never change; any other file must always be revalidated: index.html,
        // and the service worker (sw.js), whose new bytes are how a deploy reaches an installed app.
        void reply.header(
          'Cache-Control',
          path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }
  if (webDist) {
    /** Each brand's manifest, made on its first request. */
    const manifests = new Map<string, string>();
    app.route({
      method: ['GET', 'HEAD'],
      url: '/manifest.webmanifest',
      schema: { hide: true },
      handler: (request, reply) => {
        const brand = brandFor(request.hostname);
        let manifest = manifests.get(brand.id);
        if (manifest === undefined) {
          const hasIcons = existsSync(join(webDist, 'icons', `${brand.id}-192.png`));
          manifest = JSON.stringify(webManifest(brand, hasIcons));
          manifests.set(brand.id, manifest);
        }
        return reply
          .header('Cache-Control', 'no-cache')
          .type('application/manifest+json; charset=utf-8')
          .send(manifest);
      },
    });
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
