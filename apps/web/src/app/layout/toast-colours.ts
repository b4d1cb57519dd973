import type { CSSProperties } from 'react';
// Toasts slide in and out at full opacity: never a half-faded, unreadable one (toasts.css).
import './toasts.css';

/**
 * The rich colours' texts, darker than the library's own, which read under 4.5:1 on their pale
 * backgrounds (docs/accessibility.md: WCAG AA contrast on every screen).
 */
export const READABLE_COLOURS = {
  '--success-text': '#146c2e',
  '--info-text': '#0b57d0',
  '--warning-text': '#8a4b00',
  '--error-text': '#b3261e',
} as CSSProperties;
