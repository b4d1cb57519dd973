import type { Clock, Timer } from '../../seams.js';
import { BET_MESSAGES } from './bet-answers.js';
import type { Placement } from './placement.js';

/** What the hold reads: the time, and the wait (the Timer seam: tests decide when it ends). */
export interface DelayDeps {
  readonly clock: Clock;
  readonly timer: Timer;
}

/** What the hold needs of a placement: its delay, and when its market was last down. */
export type Delayed = Pick<Placement, 'delayS' | 'downAt'>;

/**
 * The in-play delay (docs/architecture.md, "In-play bet delay"): placements that need one are
 * held for it, then decided again from scratch (catalog, prices, the docs/decisions.md#money price check of
 * the asked odds, and the best price then for an improved bet: the price when the bet is made
 * counts); "Market suspended" when the market went down at any moment of the delay.
 * Answers the placements to make, or the refusal. One market's placements (a cash out's bets)
 * are held once, for the longest of their delays.
 */
export async function held<P extends Delayed>(
  deps: DelayDeps,
  first: readonly (P | string)[],
  again: () => Promise<readonly (P | string)[]>,
): Promise<readonly P[] | string> {
  const decided = (placements: readonly (P | string)[]) => {
    const refusal = placements.find(
      (placement): placement is string => typeof placement === 'string',
    );
    return refusal ?? (placements as readonly P[]);
  };
  const now = decided(first);
  if (typeof now === 'string') return now;
  if (now.length === 0) return BET_MESSAGES.notFound;
  // One market's placements share its delay.
  const delayS = Math.max(...now.map((placement) => placement.delayS));
  if (delayS === 0) return now;
  const start = deps.clock.now().getTime();
  await deps.timer.wait(delayS * 1000);
  const later = decided(await again());
  if (typeof later === 'string') return later;
  return later.some((placement) => placement.downAt >= start) ? BET_MESSAGES.suspended : later;
}
