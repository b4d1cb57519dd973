import { createSignal, useSignal } from './signal';

/**
 * The data this page has fetched since it loaded, as the data saver's line in the user menu shows
 * it: the bytes of every response that came over the network (Resource Timing's `transferSize`;
 * an answer from a cache counts nothing), the page itself included. The hub's WebSocket frames are
 * not reported by the browser and are not counted (docs/pwa-and-data-saver.md).
 */
let bytes = 0;
let observer: PerformanceObserver | undefined;
const used = createSignal(() => bytes);

/** Adds what the browser reports; entries without a size (another origin's, say) count 0. */
export function countEntries(entries: readonly PerformanceEntry[]): void {
  let added = 0;
  for (const entry of entries) {
    const size = (entry as Partial<PerformanceResourceTiming>).transferSize;
    if (typeof size === 'number' && size > 0) added += size;
  }
  if (added === 0) return;
  bytes += added;
  used.notify();
}

/**
 * Starts counting, once per page. The observer hears every response, also once the browser's
 * own list of them (250 by default) is full, and `buffered` brings those before it started.
 */
export function startCountingData(): void {
  if (observer !== undefined || typeof PerformanceObserver === 'undefined') return;
  observer = new PerformanceObserver((list) => countEntries(list.getEntries()));
  for (const type of ['navigation', 'resource']) {
    try {
      observer.observe({ type, buffered: true });
    } catch {
      // A browser without that entry type counts the others.
    }
  }
}

/** Bytes fetched by this page so far. */
export function useDataUsed(): number {
  return useSignal(used);
}

const KB = 1024;
const MB = 1024 * KB;

/** "245 KB", "3.4 MB": kilobytes whole, megabytes to one decimal (1 KB = 1024 bytes). */
export function formatDataUsed(count: number): string {
  return count < MB ? `${Math.round(count / KB)} KB` : `${(count / MB).toFixed(1)} MB`;
}
