// The service worker (docs/pwa-and-data-saver.md), built to /sw.js by a plugin of
// apps/web/vite.config.ts that writes the build's id in place of BUILD_ID, so each deploy
// changes the worker's bytes and the browser installs it as an update. It imports only its own
// folder: a module it shared with the app would land in a shared chunk, and a classic worker
// cannot import one.
import {
  CACHE_PREFIX,
  cacheName,
  MANIFEST,
  manifestIcons,
  OFFLINE_PAGE,
  requestStrategy,
} from './strategy';

/** Replaced by the build (vite.config.ts); a worker still holding it was never built. */
const BUILD_ID = '__BACKLAY_BUILD_ID__';
const CACHE = cacheName(BUILD_ID);

// The worker's own events, which the DOM library the web app compiles against does not declare.
interface LifecycleEvent extends Event {
  waitUntil(work: Promise<unknown>): void;
}
interface FetchRequestEvent extends LifecycleEvent {
  readonly request: Request;
  respondWith(response: Promise<Response>): void;
}
interface WorkerScope {
  readonly location: Location;
  readonly clients: { claim(): Promise<void> };
  skipWaiting(): Promise<void>;
  addEventListener(type: 'install' | 'activate', listener: (event: LifecycleEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchRequestEvent) => void): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<unknown>) => void): void;
}
const worker = self as unknown as WorkerScope;

/**
 * Kept at install: the offline page and the host brand's icons (its manifest names them), and
 * nothing else — the chunks are kept as screens load them, so installing costs a phone no data.
 * Icons are a nicety: a failure to keep them does not stop the install.
 */
async function keepShell(): Promise<void> {
  const cache = await caches.open(CACHE);
  await cache.add(new Request(OFFLINE_PAGE, { cache: 'reload' }));
  try {
    const manifest: unknown = await (await fetch(MANIFEST, { cache: 'no-cache' })).json();
    await cache.addAll(manifestIcons(manifest));
  } catch {
    // Offline or an odd manifest: the icons are fetched when next shown.
  }
}

/** Takes over from an older build: its caches go, and open pages are this worker's at once. */
async function takeOver(): Promise<void> {
  const names = await caches.keys();
  await Promise.all(
    names
      .filter((name) => name.startsWith(CACHE_PREFIX) && name !== CACHE)
      .map((name) => caches.delete(name)),
  );
  await worker.clients.claim();
}

/** A built file or brand image: from the cache, else from the network and kept. */
async function fromCache(event: FetchRequestEvent): Promise<Response> {
  const cache = await caches.open(CACHE);
  const kept = await cache.match(event.request);
  if (kept) return kept;
  const response = await fetch(event.request);
  if (response.ok && response.type === 'basic') {
    event.waitUntil(cache.put(event.request, response.clone()));
  }
  return response;
}

/** A page: always from the network; the offline page only when the network is down. */
async function pageOrOffline(request: Request): Promise<Response> {
  try {
    return await fetch(request);
  } catch {
    return (await caches.match(OFFLINE_PAGE)) ?? Response.error();
  }
}

worker.addEventListener('install', (event) => event.waitUntil(keepShell()));
worker.addEventListener('activate', (event) => event.waitUntil(takeOver()));

// The page's update prompt asks the waiting worker to take over (apps/web/src/lib/pwa.ts).
worker.addEventListener('message', (event) => {
  if (event.data === 'skip-waiting') void worker.skipWaiting();
});

worker.addEventListener('fetch', (event) => {
  const strategy = requestStrategy(event.request, worker.location.origin);
  // Not answering leaves the request to the browser as if there were no worker: the API, the
  // hub and every non-GET never touch a cache.
  if (strategy === 'network') return;
  event.respondWith(strategy === 'page' ? pageOrOffline(event.request) : fromCache(event));
});
