import { useEffect, useRef } from 'react';
import {
  createPriceAnnouncer,
  SYSTEM_CLOCK,
  type AnnounceClock,
  type AnnouncedMarket,
} from '../price-announcer';
import styles from './event-markets.module.css';

/** The market whose section holds `node`, of those announced. */
function marketAt(node: EventTarget | null, markets: readonly AnnouncedMarket[]) {
  const section = node instanceof Element ? node.closest('[data-market-id]') : null;
  const id = section?.getAttribute('data-market-id');
  return markets.find((market) => market.marketId === id) ?? null;
}

/**
 * The screen's one polite live region: it says the price changes of the market that holds the
 * keyboard focus, at most one announcement a market every 2 s (price-announcer.ts), and nothing
 * while the focus is outside every market. Its text is written in place: a tick renders nothing.
 */
export function PriceAnnouncer({
  markets,
  clock = SYSTEM_CLOCK,
}: {
  markets: readonly AnnouncedMarket[];
  clock?: AnnounceClock;
}) {
  const region = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    const announcer = createPriceAnnouncer({
      clock,
      say: (text) => {
        if (region.current) region.current.textContent = text;
      },
    });
    const onFocus = (event: FocusEvent) => announcer.follow(marketAt(event.target, markets));
    // Focus lost to nothing (the focused cell went away) leaves every market.
    const onBlur = (event: FocusEvent) => {
      if (event.relatedTarget === null) announcer.follow(null);
    };
    announcer.follow(marketAt(document.activeElement, markets));
    document.addEventListener('focusin', onFocus);
    document.addEventListener('focusout', onBlur);
    return () => {
      document.removeEventListener('focusin', onFocus);
      document.removeEventListener('focusout', onBlur);
      announcer.stop();
    };
  }, [markets, clock]);
  return (
    <p
      ref={region}
      className={styles.srOnly}
      aria-live="polite"
      aria-atomic="true"
      data-testid="price-announcer"
    />
  );
}
