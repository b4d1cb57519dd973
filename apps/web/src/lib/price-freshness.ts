import { createContext, useContext, useEffect, useState } from 'react';

/**
 * How old a market's prices may be before the client stops offering them: the feed's freshness
 * window, `FEED_STALE_S` (README "Configuration"), past which the server suspends the market too
 * (docs/architecture.md). The site config carries the server's value; this is its default, used
 * until the config arrives. The server refuses a stale bet on its own.
 */
export const PRICE_STALE_MS = 10_000;

/** The freshness window in ms, provided by the app from the site config (`priceStaleSeconds`). */
export const PriceWindowContext = createContext<number>(PRICE_STALE_MS);

/** The age label of a greyed-out table. */
export const priceAgeText = (ageS: number): string => `Prices ${ageS} s old`;

/** Why the slip does not place while its market's prices are out of date. */
export const STALE_REASON = 'Prices are out of date — reconnecting…';

/** A table's prices: offered, or greyed out with their age in whole seconds. */
export interface PriceFreshness {
  readonly isStale: boolean;
  readonly ageS: number;
}

export const FRESH: PriceFreshness = { isStale: false, ageS: 0 };

export interface FreshnessInput {
  /** When the data was last received (epoch ms); 0 before any answer, with nothing to offer. */
  readonly receivedAt: number;
  readonly now: number;
  /** The link is down: the browser is offline, or the hub is reconnecting and polls fail. */
  readonly isDown: boolean;
  /** The freshness window; `PRICE_STALE_MS` when not given. */
  readonly windowMs?: number;
}

/** Stale once the data is as old as the window, or at once while the link is down. */
export function priceFreshness({
  receivedAt,
  now,
  isDown,
  windowMs = PRICE_STALE_MS,
}: FreshnessInput): PriceFreshness {
  if (receivedAt <= 0) return FRESH;
  const ageMs = Math.max(0, now - receivedAt);
  if (!isDown && ageMs < windowMs) return FRESH;
  return { isStale: true, ageS: Math.floor(ageMs / 1000) };
}

/**
 * Milliseconds from `now` until `priceFreshness` answers differently with no new data: the next
 * whole second of age while stale, the end of the window while fresh; null when nothing changes.
 */
export function msUntilFreshnessChanges({
  receivedAt,
  now,
  isDown,
  windowMs = PRICE_STALE_MS,
}: FreshnessInput): number | null {
  if (receivedAt <= 0) return null;
  const ageMs = Math.max(0, now - receivedAt);
  if (!isDown && ageMs < windowMs) return windowMs - ageMs;
  return 1000 - (ageMs % 1000);
}

const isSame = (a: PriceFreshness, b: PriceFreshness) =>
  a.isStale === b.isStale && a.ageS === b.ageS;

/**
 * The freshness of data received at `receivedAt`, kept current by one timer: while fresh it
 * wakes when the window ends, while stale once a second for the age label; nothing ticks for
 * fresh data. The answer is the same object until it changes, so consumers render only then.
 */
export function usePriceFreshness(receivedAt: number, isDown: boolean): PriceFreshness {
  const windowMs = useContext(PriceWindowContext);
  const [shown, setShown] = useState<PriceFreshness>(() =>
    priceFreshness({ receivedAt, now: Date.now(), isDown, windowMs }),
  );
  // Same inputs, same view: a new answer of the same age keeps the held object.
  const [inputs, setInputs] = useState({ receivedAt, isDown, windowMs });
  if (
    inputs.receivedAt !== receivedAt ||
    inputs.isDown !== isDown ||
    inputs.windowMs !== windowMs
  ) {
    setInputs({ receivedAt, isDown, windowMs });
    const next = priceFreshness({ receivedAt, now: Date.now(), isDown, windowMs });
    if (!isSame(next, shown)) setShown(next);
  }

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const check = () => {
      const now = Date.now();
      const next = priceFreshness({ receivedAt, now, isDown, windowMs });
      setShown((held) => (isSame(held, next) ? held : next));
      const wait = msUntilFreshnessChanges({ receivedAt, now, isDown, windowMs });
      if (wait !== null) timer = setTimeout(check, wait);
    };
    const wait = msUntilFreshnessChanges({ receivedAt, now: Date.now(), isDown, windowMs });
    if (wait !== null) timer = setTimeout(check, wait);
    return () => clearTimeout(timer);
  }, [receivedAt, isDown, windowMs]);

  return shown;
}

/**
 * The freshness of the table around a price cell (`FRESH` outside any table): each market table
 * provides its own, so a stale market greys out its cells alone.
 */
export const PriceFreshnessContext = createContext<PriceFreshness>(FRESH);

export function useTableFreshness(): PriceFreshness {
  return useContext(PriceFreshnessContext);
}
