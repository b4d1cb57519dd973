import { useSyncExternalStore } from 'react';
import { hubIsConnected } from './connection';
import { storedDataSaver } from './data-saver-setting';
import { createSignal } from './signal';
import { STORAGE_KEYS } from './storage';

/**
 * The slow safety interval: while the hub is connected every price change arrives with its data,
 * so the odds are polled only this often (features/event/api/polling.ts); with the data saver on,
 * every other poll slows to it too (`pollEvery`).
 */
export const SAFETY_POLL_MS = 30_000;

/** The choice of this page when the browser refused to store it. */
let unstored: boolean | undefined;

const readDataSaver = (): boolean => unstored ?? storedDataSaver();

/**
 * The data saver (docs/pwa-and-data-saver.md): persisted, and kept after logout; until the bettor
 * sets it, on when the browser says it saves data. While on, the live TV waits to be asked, the
 * pictures and the ticker stay still, and polls slow to the safety interval while the hub is up.
 */
const dataSaver = createSignal(readDataSaver);

/** The data saver now, for code outside React (a poll's interval). */
export function isDataSaverOn(): boolean {
  return dataSaver.read();
}

export function setDataSaver(on: boolean): void {
  try {
    localStorage.setItem(STORAGE_KEYS.dataSaver, String(on));
  } catch {
    // Private modes may refuse storage: the choice then lasts as long as the page.
    unstored = on;
  }
  dataSaver.notify();
}

/**
 * The data saver, following the switch; off in the build's prerender (its server snapshot), so
 * the landing page's HTML has its pictures, which its script leaves out (app/landing-page.ts).
 */
export function useDataSaver(): boolean {
  return useSyncExternalStore(dataSaver.subscribe, dataSaver.read, () => false);
}

/**
 * A poll's interval (TanStack Query's `refetchInterval`), asked again after each answer: `ms`,
 * or with the data saver on and the hub connected the safety interval when that is slower.
 * Pushes keep the data current meanwhile; without the hub the poll goes back to `ms`.
 */
export function pollEvery(ms: number): () => number {
  return () => (hubIsConnected() && isDataSaverOn() ? Math.max(ms, SAFETY_POLL_MS) : ms);
}
