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

/** When a table's data was last received (epoch ms, 0 before any), and how to hear of more. */
export interface PriceReceipts {
  readonly receivedAt: () => number;
  readonly subscribe: (listener: () => void) => () => void;
}

/**
 * The freshness of the data `receipts` tells of, kept current by one timer: while fresh it wakes
 * when the window ends, while stale once a second for the age label. New data while fresh only
 * moves the end of the window, which the timer reads when it wakes: a price tick costs a
 * comparison, no render and no new timer. The answer is the same object until it changes.
 */
export function usePriceFreshness(receipts: PriceReceipts, isDown: boolean): PriceFreshness {
  const windowMs = useContext(PriceWindowContext);
  const freshnessNow = () =>
    priceFreshness({ receivedAt: receipts.receivedAt(), now: Date.now(), isDown, windowMs });
  const [shown, setShown] = useState<PriceFreshness>(freshnessNow);
  // Same inputs, same view: the link going down greys the table out in this very render.
  const [inputs, setInputs] = useState({ receipts, isDown, windowMs });
  if (inputs.receipts !== receipts || inputs.isDown !== isDown || inputs.windowMs !== windowMs) {
    setInputs({ receipts, isDown, windowMs });
    const next = freshnessNow();
    if (!isSame(next, shown)) setShown(next);
  }

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let held: PriceFreshness | undefined;
    const check = (isWake: boolean) => {
      const input = { receivedAt: receipts.receivedAt(), now: Date.now(), isDown, windowMs };
      const next = priceFreshness(input);
      const isChanged = held === undefined || !isSame(held, next);
      held = next;
      if (isChanged) setShown((view) => (isSame(view, next) ? view : next));
      if (!isWake && !isChanged && timer !== undefined) return;
      clearTimeout(timer);
      timer = undefined;
      const wait = msUntilFreshnessChanges(input);
      if (wait !== null) timer = setTimeout(() => check(true), wait);
    };
    check(false);
    const stop = receipts.subscribe(() => check(false));
    return () => {
      stop();
      clearTimeout(timer);
    };
  }, [receipts, isDown, windowMs]);

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
