import { STAKE_MAX } from './stake.js';

/** Which way a step moves the stake: the slip's `+` and `-` keys. */
export type StakeStepDirection = 'up' | 'down';

/**
 * The rungs a stake steps on: the client's chip values, each once, smallest first (anything not
 * a whole rupee above 0 left out). Above the largest chip the rungs go on in multiples of it, so
 * `+` keeps raising the stake by the largest chip.
 */
function stakeRungs(chipValues: readonly number[]): number[] {
  const values = chipValues.filter((value) => Number.isSafeInteger(value) && value > 0);
  return [...new Set(values)].sort((a, b) => a - b);
}

/**
 * The stake after one step of the slip's `+` or `-` key, in whole rupees (the keyboard's chips).
 * `up` goes to the smallest chip value above the stake; past the largest chip, to the next
 * multiple of the largest chip above the stake. `down` goes to the largest of those rungs below
 * the stake, and to 0 (an empty stake) from the smallest chip or below. A stake below 0 steps as
 * 0 does. The stake stays as it is without chips, or when the next rung up would pass
 * {@link STAKE_MAX}. Chips 500, 1,000 and 5,000: up from 0 is 500, from 700 is 1,000, from 5,000
 * is 10,000; down from 700 is 500, from 12,000 is 10,000, from 500 is 0.
 */
export function stakeStep(
  stake: number,
  chipValues: readonly number[],
  direction: StakeStepDirection,
): number {
  const rungs = stakeRungs(chipValues);
  const largest = rungs[rungs.length - 1];
  if (largest === undefined) return stake;
  const from = Math.max(stake, 0);
  if (direction === 'up') {
    const next = rungs.find((rung) => rung > from) ?? (Math.floor(from / largest) + 1) * largest;
    return next > STAKE_MAX ? stake : next;
  }
  if (from > largest) return (Math.ceil(from / largest) - 1) * largest;
  return rungs.findLast((rung) => rung < from) ?? 0;
}
