import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { divideRoundHalfAwayFromZero } from './rounding.js';

describe('divideRoundHalfAwayFromZero', () => {
  it('rounds exact halves away from zero on both sides of zero', () => {
    expect(divideRoundHalfAwayFromZero(5, 2)).toBe(3);
    expect(divideRoundHalfAwayFromZero(-5, 2)).toBe(-3);
    expect(divideRoundHalfAwayFromZero(50, 100)).toBe(1);
    expect(divideRoundHalfAwayFromZero(-50, 100)).toBe(-1);
    expect(divideRoundHalfAwayFromZero(150, 100)).toBe(2);
    expect(divideRoundHalfAwayFromZero(-250, 100)).toBe(-3);
  });

  it('rounds just below a half towards zero and just above it away from zero', () => {
    expect(divideRoundHalfAwayFromZero(49, 100)).toBe(0);
    expect(divideRoundHalfAwayFromZero(51, 100)).toBe(1);
    expect(divideRoundHalfAwayFromZero(-49, 100)).toBe(0);
    expect(divideRoundHalfAwayFromZero(-51, 100)).toBe(-1);
  });

  it('never returns negative zero', () => {
    expect(Object.is(divideRoundHalfAwayFromZero(-1, 100), 0)).toBe(true);
    expect(Object.is(divideRoundHalfAwayFromZero(0, 7), 0)).toBe(true);
  });

  it('stays exact at the edge of the safe integers', () => {
    expect(divideRoundHalfAwayFromZero(Number.MAX_SAFE_INTEGER, 1)).toBe(Number.MAX_SAFE_INTEGER);
    expect(divideRoundHalfAwayFromZero(Number.MAX_SAFE_INTEGER, 2)).toBe(2 ** 52);
    expect(divideRoundHalfAwayFromZero(Number.MAX_SAFE_INTEGER - 1, 3)).toBe(3002399751580330);
    expect(divideRoundHalfAwayFromZero(Number.MAX_SAFE_INTEGER, 3)).toBe(3002399751580330);
    expect(divideRoundHalfAwayFromZero(-Number.MAX_SAFE_INTEGER, 2)).toBe(-(2 ** 52));
  });

  it('agrees with exact big-integer rounding for every safe numerator and divisor', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: Number.MIN_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }),
        fc.integer({ min: 1, max: 1_000_000 }),
        (numerator, divisor) => {
          const n = BigInt(Math.abs(numerator));
          const d = BigInt(divisor);
          const rounded = Number((2n * n + d) / (2n * d));
          const expected = numerator < 0 && rounded !== 0 ? -rounded : rounded;
          expect(divideRoundHalfAwayFromZero(numerator, divisor)).toBe(expected);
        },
      ),
    );
  });
});
