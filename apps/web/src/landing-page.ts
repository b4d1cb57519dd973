import { startLandingPage } from './app/landing-page';
import { registerServiceWorkerOnLoad } from './lib/pwa';

// The landing page's entry (`/`, prerendered by scripts/prerender.mjs): its own small script, no
// framework; the app comes when the visitor heads for it (docs/architecture.md, "The first paint").
const root = document.getElementById('root');
if (!root) throw new Error('missing #root');
startLandingPage(root);

// The service worker (docs/pwa-and-data-saver.md).
registerServiceWorkerOnLoad();
