import { Suspense, useEffect } from 'react';
import { DEVANAGARI_FONT, useFontReady } from '../../../lib/fonts';
import { lazyComponent } from '../../../ui/lazy-component';
import { useRulesOnEntry } from '../hooks/use-rules-on-entry';

/** The rules' dialog: a chunk of its own, fetched only for a session that has not seen them. */
const RulesModal = lazyComponent(async () => (await import('./rules-modal')).RulesModal);

/** Shows the rules on first entry into the logged-in app, once per browser session (docs/product.md#screens). */
export function RulesOnEntry() {
  const { isShown, dismiss } = useRulesOnEntry();
  return isShown ? <RulesOnceFontIsReady onClose={dismiss} /> : null;
}

/** The rules are Hindi text: they open once its font is there (see useFontReady) and their chunk. */
function RulesOnceFontIsReady({ onClose }: { onClose: () => void }) {
  useEffect(() => {
    // Fetched while the font loads, not after it.
    RulesModal.preload().catch(() => {});
  }, []);
  const isFontReady = useFontReady(`700 1em ${DEVANAGARI_FONT}`, 'नियम');
  return isFontReady ? (
    <Suspense fallback={null}>
      <RulesModal onClose={onClose} />
    </Suspense>
  ) : null;
}
