import { useSyncExternalStore } from 'react';

/**
 * A value kept outside React (local or session storage, a module variable) that screens follow:
 * `notify` after changing it, `useSignal` to re-render on each change.
 */
export interface Signal<T> {
  readonly read: () => T;
  readonly subscribe: (listener: () => void) => () => void;
  readonly notify: () => void;
}

export function createSignal<T>(read: () => T): Signal<T> {
  const listeners = new Set<() => void>();
  return {
    read,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    notify: () => {
      for (const listener of listeners) listener();
    },
  };
}

export function useSignal<T>(signal: Signal<T>): T {
  return useSyncExternalStore(signal.subscribe, signal.read, signal.read);
}
