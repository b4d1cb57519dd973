import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
// Hindi names (matka games, house rules) render on devices without a Devanagari font; the
// font's unicode-range keeps it from loading for Latin text.
import '@fontsource/noto-sans-devanagari/devanagari-400.css';
import './app/theme.css';
import { App } from './app/app';
import { createRouter, loadMatchedRoutes } from './app/router';
import { getStoredLogin } from './lib/session';

const root = document.getElementById('root');
if (!root) throw new Error('missing #root');
const app = () => (
  <StrictMode>
    <App router={createRouter()} />
  </StrictMode>
);

// The landing and login pages come prerendered (scripts/prerender.mjs): a visitor sees them
// before any script runs, and React takes the markup over. A logged-in user is on the way to
// /home, so the markup is dropped and the app renders afresh.
if (root.hasChildNodes() && getStoredLogin() === null) {
  void loadMatchedRoutes(window.location.pathname).then(() => hydrateRoot(root, app()));
} else {
  root.replaceChildren();
  createRoot(root).render(app());
}
