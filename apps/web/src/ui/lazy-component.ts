import { createElement, lazy, useState, type ComponentType, type FunctionComponent } from 'react';

/** A component of another chunk, and the way to fetch that chunk ahead of its first render. */
export interface LazyComponent<P extends object> extends FunctionComponent<P> {
  /** Fetches the chunk (once, or again after a failure) and answers the component. */
  readonly preload: () => Promise<ComponentType<P>>;
}

/**
 * A component of another chunk, fetched when first rendered (under a `Suspense`) or ahead of it
 * (`preload`): the dialogs a screen opens on a click and every screen of the route table are no
 * part of another screen's load (docs/architecture.md, "The client's weight"). Once fetched it
 * renders at once, so a screen preloaded before the app starts shows at its first render.
 */
export function lazyComponent<P extends object>(
  load: () => Promise<ComponentType<P>>,
): LazyComponent<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        // A preload that failed (offline) may be asked again; a render that failed shows it.
        loading = undefined;
        throw error;
      },
    ));
  const Suspending = lazy(async () => ({ default: await preload() }));
  function Lazy(props: P) {
    // The loaded component itself when it is here; otherwise React's lazy one, which suspends
    // until it is. Kept for the life of this element: a change of type would remount it.
    const [type] = useState<ComponentType<P>>(() => loaded ?? Suspending);
    return createElement(type, props);
  }
  return Object.assign(Lazy, { preload });
}
