import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { AppProviders, createQueryClient } from './app/app';
import { routes } from './app/router';
import { brandProperties, DEFAULT_BRAND } from './lib/brand';
import { DiceOverlay } from './ui/dice-overlay';

/**
 * The build's prerender of a public page (scripts/prerender.mjs): the markup a visitor's first
 * render gives — no login, nothing fetched yet — so the browser paints it before any script and
 * the client hydrates the same tree (main.tsx).
 */
export async function renderPage(url: string): Promise<string> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(url, 'http://localhost')));
  if (context instanceof Response) throw new Error(`${url} answered ${context.status}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(
    <AppProviders queryClient={createQueryClient()}>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </AppProviders>,
  );
}

/**
 * What every other page shows until the app's first render replaces it: the dice overlay the
 * app shows while it loads (SPEC §2), so the first paint is the dice, not a blank page.
 */
export function renderLoading(): string {
  return renderToString(<DiceOverlay />);
}

/** The default brand on the root element and in the title, as `applyBrand` sets them. */
export const DEFAULT_BRAND_STYLE = Object.entries(brandProperties(DEFAULT_BRAND))
  .map(([name, value]) => `${name}:${value}`)
  .join(';');
export const DEFAULT_TITLE = DEFAULT_BRAND.title;
