import { lazy, type ComponentType } from 'react';

/**
 * A component of another chunk, fetched when first rendered (under a `Suspense`): the dialogs a
 * screen opens on a click are no part of its first load (docs/architecture.md, "The client's
 * weight").
 */
export function lazyComponent<P extends object>(load: () => Promise<ComponentType<P>>) {
  return lazy(async () => ({ default: await load() }));
}
