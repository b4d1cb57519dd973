import { renderToString } from 'react-dom/server';
import { StaticRouter, type RouteObject } from 'react-router';
import { AppProviders, createQueryClient } from './app/app';
import { preloadRoutes, routes, Screens } from './app/router';
import { brandProperties, DEFAULT_BRAND } from './lib/brand';
import { DiceOverlay } from './ui/dice-overlay';
import type { LazyComponent } from './ui/lazy-component';

/**
 * The build's prerender of a public page (scripts/prerender.mjs): the markup a visitor's first
 * render gives — no login, nothing fetched yet — so the browser paints it before any script; the
 * landing page's own script fills in what comes later (app/landing-page.ts).
 */
export async function renderPage(url: string): Promise<string> {
  // The route's chunks first, so the page renders whole rather than its loading dice.
  await preloadRoutes(new URL(url, 'http://localhost').pathname);
  return renderToString(
    <AppProviders queryClient={createQueryClient()}>
      <StaticRouter location={url}>
        <Screens />
      </StaticRouter>
    </AppProviders>,
  );
}

/**
 * What every other page shows until the app's first render replaces it: the dice overlay the
 * app shows while it loads (docs/product.md#screens), so the first paint is the dice, not a blank page.
 */
export function renderLoading(): string {
  return renderToString(<DiceOverlay />);
}

/** As the server escapes what it puts in a page (apps/server/src/http/html.ts), so the two agree. */
const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (char) =>
      ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char,
  );

/**
 * The default brand on the root element and in the title, as `applyBrand` sets them, escaped for
 * HTML (the logo's `url("…")` has quotes); the server puts the host's brand in their place
 * (apps/server/src/http/web.ts).
 */
export const DEFAULT_BRAND_CSS_VARIABLES = escapeHtml(
  Object.entries(brandProperties(DEFAULT_BRAND))
    .map(([name, value]) => `${name}:${value}`)
    .join(';'),
);
export const DEFAULT_TITLE = escapeHtml(DEFAULT_BRAND.title);

/** A path of the route table and the components its lazy routes load, layouts first. */
export interface RouteComponents {
  readonly pattern: string;
  readonly components: readonly unknown[];
}

/**
 * Each path of the route table with the components its lazy routes load (the logged-in layout's
 * and the screen's), for the build to name their chunks for preloading (scripts/prerender.mjs).
 */
export async function routeComponents(): Promise<RouteComponents[]> {
  const found: RouteComponents[] = [];
  const walk = async (list: readonly RouteObject[], above: readonly unknown[]) => {
    for (const route of list) {
      const lazy = route.Component as LazyComponent<object> | null | undefined;
      const loaded = lazy?.preload ? await lazy.preload() : undefined;
      const chain = loaded ? [...above, loaded] : above;
      if (route.path !== undefined && route.path !== '*' && chain.length > 0)
        found.push({ pattern: route.path, components: chain });
      if (route.children) await walk(route.children, chain);
    }
  };
  await walk(routes, []);
  return found;
}
