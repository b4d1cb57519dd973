import { describe, expect, it } from 'vitest';
import type { Random } from './seams.js';
import {
  rollDice,
  rollDie,
  SEVEN_UP_DOWN_PAYS,
  sevenUpDownOutcome,
  sevenUpDownPayout,
} from './seven-up-down.js';

/** A deterministic Random (xorshift32), as the matka draw test uses. */
function seededRandom(seed: number): Random {
  let state = seed >>> 0 || 1;
  const next = () => {
    state ^= state << 13;
    state >>>= 0;
    state ^= state >>> 17;
    state ^= state << 5;
    state >>>= 0;
    return state;
  };
  return {
    bytes: (size) => Buffer.from(Array.from({ length: size }, () => next() & 0xff)),
  };
}

/** Pearson's chi-square of observed counts against expected ones. */
function chiSquare(observed: readonly number[], expected: readonly number[]): number {
  return observed.reduce((sum, count, i) => {
    const e = expected[i] ?? 0;
    return sum + (count - e) ** 2 / e;
  }, 0);
}

describe('the 7 Up Down draw', () => {
  it('throws sums that follow the two-dice distribution, and repeats for a seed', () => {
    const random = seededRandom(20_261_121);
    const throws = 36_000;
    const sums = Array.from({ length: 13 }, () => 0);
    const faces = Array.from({ length: 7 }, () => 0);
    for (let i = 0; i < throws; i += 1) {
      const [a, b] = rollDice(random);
      sums[a + b] = (sums[a + b] ?? 0) + 1;
      faces[a] = (faces[a] ?? 0) + 1;
      faces[b] = (faces[b] ?? 0) + 1;
    }
    expect(sums[0]).toBe(0);
    expect(sums[1]).toBe(0);
    // P(sum = s) = (6 − |s − 7|) / 36.
    const expectedSums = Array.from(
      { length: 11 },
      (_, k) => ((6 - Math.abs(k + 2 - 7)) / 36) * throws,
    );
    // 10 degrees of freedom: the 0.999 quantile is about 29.6.
    expect(chiSquare(sums.slice(2), expectedSums)).toBeLessThan(29.6);
    // Each face of each die alike; 5 degrees of freedom: the 0.999 quantile is about 20.5.
    expect(
      chiSquare(
        faces.slice(1),
        Array.from({ length: 6 }, () => throws / 3),
      ),
    ).toBeLessThan(20.5);

    const sequence = (seed: number) => {
      const seeded = seededRandom(seed);
      return Array.from({ length: 20 }, () => rollDice(seeded));
    };
    expect(sequence(7)).toEqual(sequence(7));
    expect(sequence(7)).not.toEqual(sequence(8));
  });

  it('rejects the bytes 252–255 instead of folding them (no modulo bias)', () => {
    const bytes = [255, 252, 251, 253, 0, 5];
    const random: Random = {
      bytes: () => Buffer.from([bytes.shift() ?? 0]),
    };
    expect(rollDie(random)).toBe(6); // 251 % 6 + 1
    expect(rollDie(random)).toBe(1);
    expect(rollDie(random)).toBe(6);
  });

  it('pays Down on 2–6 and Up on 8–12 twice, Seven five times, the stake included', () => {
    expect([2, 6, 7, 8, 12].map(sevenUpDownOutcome)).toEqual(['down', 'down', 'seven', 'up', 'up']);
    expect(SEVEN_UP_DOWN_PAYS).toEqual({ down: 2n, seven: 5n, up: 2n });
    expect(sevenUpDownPayout('seven', 10_000n, [3, 4])).toBe(50_000n);
    expect(sevenUpDownPayout('up', 10_000n, [6, 6])).toBe(20_000n);
    expect(sevenUpDownPayout('down', 10_000n, [1, 1])).toBe(20_000n);
    expect(sevenUpDownPayout('down', 10_000n, [3, 4])).toBe(0n);
    expect(sevenUpDownPayout('seven', 10_000n, [2, 6])).toBe(0n);
  });
});
