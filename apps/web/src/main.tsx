import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
// Hindi names (matka games, house rules) render on devices without a Devanagari font; the
// font's unicode-range keeps it from loading for Latin text.
import '@fontsource/noto-sans-devanagari/devanagari-400.css';
import './app/theme.css';
import { App } from './app/app';
import { createRouter, loadMatchedRoutes } from './app/router';
import { registerServiceWorker } from './lib/pwa';
import { getStoredLogin } from './lib/session';
import { yieldToBrowser } from './lib/yield';

const root = document.getElementById('root');
if (!root) throw new Error('missing #root');
const app = () => (
  <StrictMode>
    <App router={createRouter()} />
  </StrictMode>
);

// The landing page comes prerendered (scripts/prerender.mjs): a visitor sees it before any
// script runs, and React takes the markup over. A logged-in user is on the way to /home, so the
// app renders afresh; so does every other page, whose HTML holds only the loading dice (React
// clears it at its first commit).
if (root.dataset.page === 'landing' && getStoredLogin() === null) {
  void loadMatchedRoutes(window.location.pathname).then(() => hydrateRoot(root, app()));
} else {
  void renderAfresh(root);
}

/**
 * The app's first render of any other page, cut into tasks a tap can come between: the entry's
 * evaluation, the router (which starts loading the route's modules), React's root, and the first
 * render as a transition, which React renders in slices (docs/architecture.md, "The first paint").
 */
async function renderAfresh(container: HTMLElement): Promise<void> {
  await yieldToBrowser();
  const router = createRouter();
  await yieldToBrowser();
  const reactRoot = createRoot(container);
  startTransition(() =>
    reactRoot.render(
      <StrictMode>
        <App router={router} />
      </StrictMode>,
    ),
  );
}

// The service worker (docs/pwa-and-data-saver.md), once the page has loaded so it takes nothing
// from the first paint; production builds only, so the dev server's modules are never cached.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  const register = () => void registerServiceWorker(navigator.serviceWorker);
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
