import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LADDER, ladderFloor, ladderHas, ladderStep } from './ladder.js';

describe('ladder', () => {
  it("has Betfair's steps in every band", () => {
    const stepAt = (price: number) => {
      const i = LADDER.indexOf(price);
      return (LADDER[i + 1] ?? 0) - price;
    };
    expect(LADDER[0]).toBe(101);
    expect(LADDER[LADDER.length - 1]).toBe(100000);
    expect(
      [
        101, 199, 200, 298, 300, 395, 400, 590, 600, 980, 1000, 1950, 2000, 2900, 3000, 4800, 5000,
        9500, 10000,
      ].map(stepAt),
    ).toEqual([1, 1, 2, 2, 5, 5, 10, 10, 20, 20, 50, 50, 100, 100, 200, 200, 500, 500, 1000]);
    expect(LADDER).toHaveLength(350);
  });

  it('floors any price to the highest rung at or below it', () => {
    fc.assert(
      fc.property(fc.double({ min: 101, max: 100000, noNaN: true }), (price) => {
        const rung = ladderFloor(price);
        expect(ladderHas(rung)).toBe(true);
        expect(rung).toBeLessThanOrEqual(price);
        expect(ladderStep(rung, 1) > price || rung === 100000).toBe(true);
      }),
    );
  });

  it('steps along rungs and stops at the ends', () => {
    expect(ladderStep(199, 1)).toBe(200);
    expect(ladderStep(200, 1)).toBe(202);
    expect(ladderStep(101, -1)).toBe(101);
    expect(ladderStep(100000, 1)).toBe(100000);
    expect(ladderHas(201)).toBe(false);
  });
});
