// First, and with nothing of zod's before it: zod must be jitless before any schema exists.
import './lib/zod-jitless';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
// Hindi names (matka games, house rules) render on devices without a Devanagari font; the
// font's unicode-range keeps it from loading for Latin text.
import '@fontsource/noto-sans-devanagari/devanagari-400.css';
import './app/theme.css';

const root = document.getElementById('root');
if (!root) throw new Error('missing #root');
// Loaded after lib/zod-jitless has run: a static import would put the contract's schemas (a
// shared chunk) ahead of it.
void import('./app/app').then(({ App }) => {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
