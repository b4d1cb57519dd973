import { useSyncExternalStore } from 'react';
import type { Signal } from './signal-core';

// The signal itself is React-free (signal-core.ts); the screens take both from here.
export { createSignal, type Signal } from './signal-core';

/** Re-renders on each change of `signal`. */
export function useSignal<T>(signal: Signal<T>): T {
  return useSyncExternalStore(signal.subscribe, signal.read, signal.read);
}
