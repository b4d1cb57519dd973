import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
// Hindi names (matka games, house rules) render on devices without a Devanagari font; the
// font's unicode-range keeps it from loading for Latin text.
import '@fontsource/noto-sans-devanagari/devanagari-400.css';
import './theme.css';
import { yieldToBrowser } from '../lib/yield';
import { App } from './app';
import { preloadRoutes } from './router';

/**
 * The app, started on its root by the app's entry (main.tsx) at once, and by the landing page's
 * script when the visitor heads for it (app/landing-page.ts). Importing it renders nothing.
 */

/**
 * Renders the app on `container` for the address the page is at, afresh (whatever the container
 * holds stays until React's first commit), cut into tasks a tap can come between: the route's
 * modules asked for, React's root, and the first render as a transition, which React renders in
 * slices (docs/architecture.md, "The first paint").
 */
export async function startApp(container: HTMLElement): Promise<void> {
  await yieldToBrowser();
  // A chunk that fails is asked for again by the render, which shows the failure.
  preloadRoutes(window.location.pathname).catch(() => {});
  await yieldToBrowser();
  const reactRoot = createRoot(container);
  startTransition(() =>
    reactRoot.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
}

export { preloadRoutes };
