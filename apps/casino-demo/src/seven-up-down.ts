import type { Random } from './seams.js';

/** The three bets of 7 Up Down: the sum of two dice is 2–6 (down), 7 (seven) or 8–12 (up). */
export const SEVEN_UP_DOWN_BETS = ['down', 'seven', 'up'] as const;
export type SevenUpDownBet = (typeof SEVEN_UP_DOWN_BETS)[number];

/**
 * What a winning bet returns per rupee staked, the stake included. Down and Up each win 15 of 36
 * throws, Seven 6 of 36: each bet returns 30/36 of its stake on average (the house keeps 1/6).
 */
export const SEVEN_UP_DOWN_PAYS: Readonly<Record<SevenUpDownBet, bigint>> = {
  down: 2n,
  seven: 5n,
  up: 2n,
};

/** The chips the table offers, in rupees. */
export const SEVEN_UP_DOWN_CHIPS = [100, 500, 1000, 5000] as const;

/**
 * One fair die from the injected randomness: a byte, rejected at 252 or above (252 = 6 × 42) so
 * each face has the same chance (no modulo bias).
 */
export function rollDie(random: Random): number {
  for (;;) {
    const [byte = 255] = random.bytes(1);
    if (byte < 252) return (byte % 6) + 1;
  }
}

export function rollDice(random: Random): readonly [number, number] {
  return [rollDie(random), rollDie(random)];
}

/** The winning bet of a total. */
export function sevenUpDownOutcome(total: number): SevenUpDownBet {
  if (total < 7) return 'down';
  return total === 7 ? 'seven' : 'up';
}

/** What the round pays back, the stake included: stake × pays on a hit, otherwise 0. */
export function sevenUpDownPayout(
  bet: SevenUpDownBet,
  stakePaise: bigint,
  dice: readonly [number, number],
): bigint {
  return sevenUpDownOutcome(dice[0] + dice[1]) === bet ? stakePaise * SEVEN_UP_DOWN_PAYS[bet] : 0n;
}
