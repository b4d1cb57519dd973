/**
 * The football cancel rule (docs/architecture.md, "Cancelling a bet"; the house rules: "a football
 * bet can be cancelled within 3 minutes"): a client may cancel their own open football bet for
 * {@link CANCEL_WINDOW_MS} after it was accepted, unless its market has been suspended or closed
 * since. The server's clock is the judge.
 */

/** Football's sport id (docs/product.md#entities sportsId: 1 football, 2 tennis, 4 cricket). */
export const FOOTBALL_SPORT_ID = 1;

/** How long after its acceptance a football bet may be cancelled: 3 minutes. */
export const CANCEL_WINDOW_MS = 3 * 60_000;

/**
 * Until when (epoch ms, exclusive) a bet may be cancelled: its acceptance plus the window for a
 * football bet on any market but a fancy session; null for any other bet.
 */
export function cancelDeadline(bet: {
  readonly sportId: number;
  readonly marketType: string;
  readonly acceptedAt: number;
}): number | null {
  return bet.sportId === FOOTBALL_SPORT_ID && bet.marketType !== 'FANCY'
    ? bet.acceptedAt + CANCEL_WINDOW_MS
    : null;
}
