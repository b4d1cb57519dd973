/**
 * A value kept outside React (local or session storage, a module variable) that code follows:
 * `notify` after changing it, `subscribe` to hear each change. React-free, so the landing page's
 * script (app/landing-page.ts) can share what it keeps; screens follow one with `useSignal`
 * (lib/signal.ts).
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
