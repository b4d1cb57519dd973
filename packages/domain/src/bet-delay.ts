import { isExchangeMarket } from './markets.js';

/**
 * The in-play bet delay (docs/architecture.md, "In-play bet delay"), in whole seconds: how long
 * the server holds an in-play bet before checking it again against the prices of that moment.
 */
export interface BetDelays {
  /** The exchange markets (match odds, tied match, over/under …) and toss, per sport id. */
  readonly exchangeS: Readonly<Record<number, number>>;
  /** Bookmaker; 0 unless set. */
  readonly bookmakerS: number;
  /** Fancy sessions; 0 unless set. */
  readonly fancyS: number;
}

/** No delay anywhere. */
export const NO_BET_DELAYS: BetDelays = { exchangeS: {}, bookmakerS: 0, fancyS: 0 };

/** The delay of a bet on this market now: 0 before the event is in play. */
export function betDelaySeconds(
  delays: BetDelays,
  bet: { readonly sportId: number; readonly isInPlay: boolean; readonly marketType: string },
): number {
  if (!bet.isInPlay) return 0;
  if (bet.marketType === 'BOOKMAKER') return delays.bookmakerS;
  if (bet.marketType === 'FANCY') return delays.fancyS;
  if (bet.marketType === 'TOSS' || isExchangeMarket(bet.marketType))
    return delays.exchangeS[bet.sportId] ?? 0;
  return 0;
}
