import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { STAKE_MAX } from './stake.js';
import { stakeStep } from './stake-step.js';

/** The default chips (docs/product.md#entities): 500, 1K, 5K, 10K, 25K, 50K. */
const CHIPS = [500, 1000, 5000, 10_000, 25_000, 50_000];

describe('stepping the stake by the chips', () => {
  it('goes up to the next chip value above the stake', () => {
    expect(stakeStep(0, CHIPS, 'up')).toBe(500);
    expect(stakeStep(500, CHIPS, 'up')).toBe(1000);
    expect(stakeStep(700, CHIPS, 'up')).toBe(1000);
    expect(stakeStep(25_000, CHIPS, 'up')).toBe(50_000);
  });

  it('goes down to the next chip value below the stake, and to 0 from the smallest', () => {
    expect(stakeStep(1000, CHIPS, 'down')).toBe(500);
    expect(stakeStep(700, CHIPS, 'down')).toBe(500);
    expect(stakeStep(500, CHIPS, 'down')).toBe(0);
    expect(stakeStep(300, CHIPS, 'down')).toBe(0);
    expect(stakeStep(0, CHIPS, 'down')).toBe(0);
  });

  it('goes on past the largest chip in multiples of it', () => {
    expect(stakeStep(50_000, CHIPS, 'up')).toBe(100_000);
    expect(stakeStep(73_000, CHIPS, 'up')).toBe(100_000);
    expect(stakeStep(100_000, CHIPS, 'up')).toBe(150_000);
    expect(stakeStep(150_000, CHIPS, 'down')).toBe(100_000);
    expect(stakeStep(73_000, CHIPS, 'down')).toBe(50_000);
    expect(stakeStep(100_000, CHIPS, 'down')).toBe(50_000);
  });

  it('reads the chips in any order, each value once, without values that are not stakes', () => {
    expect(stakeStep(0, [5000, 500, 500, 0, -100, 1.5, 1000], 'up')).toBe(500);
    expect(stakeStep(5000, [5000, 500, 500, 0, -100, 1.5, 1000], 'down')).toBe(1000);
  });

  it('steps a negative stake as 0', () => {
    expect(stakeStep(-5, CHIPS, 'up')).toBe(500);
    expect(stakeStep(-5, CHIPS, 'down')).toBe(0);
  });

  it('leaves the stake as it is without chips, or where a step up would pass the largest stake', () => {
    expect(stakeStep(700, [], 'up')).toBe(700);
    expect(stakeStep(700, [0], 'down')).toBe(700);
    expect(stakeStep(STAKE_MAX, CHIPS, 'up')).toBe(STAKE_MAX);
    expect(stakeStep(STAKE_MAX - 1, [STAKE_MAX, 7], 'up')).toBe(STAKE_MAX);
  });

  it('moves up to a larger stake and down to a smaller one, and a step down undoes a step up from a rung', () => {
    const chips = fc.uniqueArray(fc.integer({ min: 1, max: 100_000 }), {
      minLength: 1,
      maxLength: 8,
    });
    fc.assert(
      fc.property(chips, fc.integer({ min: 0, max: 1_000_000 }), (values, stake) => {
        const up = stakeStep(stake, values, 'up');
        const down = stakeStep(stake, values, 'down');
        expect(up).toBeGreaterThan(stake);
        expect(down).toBeLessThan(Math.max(stake, 1));
        expect(down).toBeGreaterThanOrEqual(0);
        const rung = stakeStep(down, values, 'up');
        expect(stakeStep(rung, values, 'down')).toBe(down);
      }),
    );
  });
});
