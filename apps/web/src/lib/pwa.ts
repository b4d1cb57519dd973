import { logError } from './log';
import { createSignal } from './signal-core';

/**
 * The service worker's side in the page (docs/pwa-and-data-saver.md): it is registered after the
 * page has loaded, in production builds only, and a new build's worker, once installed, waits
 * until the bettor takes it from the update prompt (lib/pwa-prompt.ts): then it takes over and
 * the page reloads on the new build. React-free: the landing page's script registers it too
 * (app/landing-page.ts), and the app's prompt hears what it found.
 */

/** The worker's stable address (apps/web/vite.config.ts builds it there). */
export const SERVICE_WORKER_URL = '/sw.js';

/** How often a page that stays open asks whether a new build was deployed. */
export const UPDATE_CHECK_MS = 60 * 60 * 1000;

/** What the worker hears when the bettor takes the update (apps/web/src/sw/sw.ts). */
export const SKIP_WAITING = 'skip-waiting';

/** What the page needs of a service worker. */
export interface WorkerLike extends Pick<EventTarget, 'addEventListener'> {
  readonly state: string;
  postMessage(message: unknown): void;
}

/** What the page needs of its registration. */
export interface RegistrationLike extends Pick<EventTarget, 'addEventListener'> {
  readonly waiting: WorkerLike | null;
  readonly installing: WorkerLike | null;
  update(): Promise<unknown>;
}

/** What the page needs of `navigator.serviceWorker`. */
export interface ContainerLike extends Pick<EventTarget, 'addEventListener'> {
  readonly controller: unknown;
  register(url: string, options: RegistrationOptions): Promise<RegistrationLike>;
}

/** A new build, installed and waiting: `apply` hands the page over to it and reloads. */
export interface PendingUpdate {
  readonly apply: () => void;
}

/**
 * Says through `onUpdate` when a new build's worker is installed and waiting: one already
 * waiting (another tab installed it), or one that finishes installing. Only while a worker
 * controls the page: the first install has nothing to replace.
 */
export function watchForUpdate(
  registration: RegistrationLike,
  container: ContainerLike,
  onUpdate: (update: PendingUpdate) => void,
  reload: () => void = () => window.location.reload(),
): void {
  const offer = (worker: WorkerLike) => {
    if (container.controller) onUpdate({ apply: () => takeUpdate(worker, container, reload) });
  };
  if (registration.waiting) offer(registration.waiting);
  registration.addEventListener('updatefound', () => {
    const worker = registration.installing;
    if (!worker) return;
    worker.addEventListener('statechange', () => {
      if (worker.state === 'installed') offer(worker);
    });
  });
}

/** Asks the waiting worker to take over, and reloads once it controls the page. */
export function takeUpdate(worker: WorkerLike, container: ContainerLike, reload: () => void): void {
  let isReloading = false;
  container.addEventListener('controllerchange', () => {
    if (isReloading) return;
    isReloading = true;
    reload();
  });
  worker.postMessage(SKIP_WAITING);
}

let pending: PendingUpdate | null = null;
/** The update waiting for the bettor, if any (the prompt follows it: lib/pwa-prompt.ts). */
export const pendingUpdate = createSignal(() => pending);

/** Offers an update to the page's prompt. */
export function offerUpdate(update: PendingUpdate | null): void {
  pending = update;
  pendingUpdate.notify();
}

/**
 * Registers the worker and watches for a new build: at each load (the browser checks the
 * worker's bytes then) and every hour while the page stays open. `updateViaCache: 'none'`: the
 * check always reaches the server, whatever the HTTP cache holds.
 */
export async function registerServiceWorker(
  container: ContainerLike,
  every: (work: () => void, ms: number) => unknown = (work, ms) => setInterval(work, ms),
): Promise<void> {
  try {
    const registration = await container.register(SERVICE_WORKER_URL, {
      scope: '/',
      updateViaCache: 'none',
    });
    watchForUpdate(registration, container, offerUpdate);
    every(() => {
      registration.update().catch(() => {
        // Offline: the next check or load finds it.
      });
    }, UPDATE_CHECK_MS);
  } catch (error) {
    logError('service worker', error);
  }
}

/**
 * Registers the worker once the page has loaded, so it takes nothing from the first paint;
 * production builds only, so the dev server's modules are never cached. The app's entry
 * (main.tsx) and the landing page's (landing-page.ts) each call it once.
 */
export function registerServiceWorkerOnLoad(isProduction = import.meta.env.PROD): void {
  if (!isProduction || !('serviceWorker' in navigator)) return;
  const register = () => void registerServiceWorker(navigator.serviceWorker);
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
