import { useEffect, useState } from 'react';

/** The self-hosted face for Hindi text (main.tsx loads it only when Devanagari shows). */
export const DEVANAGARI_FONT = '"Noto Sans Devanagari"';

/**
 * Whether `font` has loaded for `sample`, or `timeoutMs` passed (a font that never comes must not
 * hide the text). Text first laid out while its web font was still loading may keep a fallback's
 * shapes in Chromium — a bold Hindi heading stayed as empty boxes — so a screen that opens with
 * such text waits for the font first. Browsers without `document.fonts` are ready at once.
 */
export function useFontReady(font: string, sample: string, timeoutMs = 1500): boolean {
  const [isReady, setReady] = useState(() => !('fonts' in document));
  useEffect(() => {
    if (isReady) return;
    let isLive = true;
    const ready = () => {
      if (isLive) setReady(true);
    };
    const timer = window.setTimeout(ready, timeoutMs);
    document.fonts.load(font, sample).then(ready, ready);
    return () => {
      isLive = false;
      window.clearTimeout(timer);
    };
  }, [font, sample, timeoutMs, isReady]);
  return isReady;
}
