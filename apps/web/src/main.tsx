import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
// Hindi names (matka games, house rules) render on devices without a Devanagari font; the
// font's unicode-range keeps it from loading for Latin text.
import '@fontsource/noto-sans-devanagari/devanagari-400.css';
import './app/theme.css';
import { App } from './app/app';

const root = document.getElementById('root');
if (!root) throw new Error('missing #root');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
