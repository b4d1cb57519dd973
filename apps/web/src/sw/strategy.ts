/**
 * What the service worker does with a request (docs/pwa-and-data-saver.md). Odds and money are
 * never answered from a cache: anything under /api, the hub and every request that is not a GET
 * goes to the network untouched (the worker does not even answer it).
 */
export type Strategy =
  /** Not ours to answer: the browser fetches it as if there were no worker. */
  | 'network'
  /** A page: from the network, or the offline page when the network is down. */
  | 'page'
  /** A built file or a brand image: from the cache, else fetched once and kept. */
  | 'static';

/** The offline page (apps/web/public/offline.html), kept at install. */
export const OFFLINE_PAGE = '/offline.html';

/** The manifest, whose icons are kept at install (apps/server/src/http/web.ts serves it). */
export const MANIFEST = '/manifest.webmanifest';

/** The hub's path (the contract's HUB_PATH, which the worker does not import: see sw.ts). */
export const HUB_PATH = '/MessageHub';

/** Lower-case path prefixes never answered by the worker, whatever the method or mode. */
const NEVER = ['/api', HUB_PATH.toLowerCase()];

/**
 * Files that change only with a build: the hashed chunks and fonts (`/assets/`), and the public
 * folder's images (apps/web/public). The cache is the build's own (`cacheName`), so a deploy
 * starts afresh.
 */
const STATIC = ['/assets/', '/brand/', '/banners/', '/cards/', '/casino/', '/payments/', '/icons/'];
const STATIC_FILES = ['/favicon.svg'];

export function requestStrategy(
  request: Pick<Request, 'method' | 'url' | 'mode'>,
  origin: string,
): Strategy {
  if (request.method !== 'GET') return 'network';
  const url = new URL(request.url);
  if (url.origin !== origin) return 'network';
  const path = url.pathname.toLowerCase();
  if (NEVER.some((prefix) => path.startsWith(prefix))) return 'network';
  if (request.mode === 'navigate') return 'page';
  if (STATIC.some((prefix) => path.startsWith(prefix)) || STATIC_FILES.includes(path))
    return 'static';
  return 'network';
}

/** The prefix of every cache the worker makes; `cacheName` adds the build. */
export const CACHE_PREFIX = 'backlay-';

/** The cache of one build: a new deploy's worker deletes the others when it takes over. */
export const cacheName = (buildId: string): string => `${CACHE_PREFIX}${buildId}`;

/** The icons a web app manifest names, as paths to keep. */
export function manifestIcons(manifest: unknown): string[] {
  if (typeof manifest !== 'object' || manifest === null || !('icons' in manifest)) return [];
  const { icons } = manifest;
  if (!Array.isArray(icons)) return [];
  return icons.flatMap((icon: unknown) =>
    typeof icon === 'object' && icon !== null && 'src' in icon && typeof icon.src === 'string'
      ? [icon.src]
      : [],
  );
}
