import { startApp } from './app/start';
import { registerServiceWorkerOnLoad } from './lib/pwa';

// Every page but the landing page (which has an entry of its own: landing-page.ts) holds only
// the loading dice until the app's first commit replaces them (docs/architecture.md, "The first
// paint").
const root = document.getElementById('root');
if (!root) throw new Error('missing #root');
void startApp(root);

// The service worker (docs/pwa-and-data-saver.md).
registerServiceWorkerOnLoad();
