import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addPaise, paiseToRupees, rupeesToPaise, toPaise } from './money.js';

describe('money', () => {
  it('converts rupees with up to two decimals to exact paise', () => {
    expect(rupeesToPaise(1234.5)).toBe(123450);
    expect(rupeesToPaise(0.01)).toBe(1);
    expect(rupeesToPaise(-500)).toBe(-50000);
    expect(rupeesToPaise(100000)).toBe(10000000);
    expect(rupeesToPaise(-0)).toBe(0);
  });

  it('refuses amounts with more than two decimals or that are not finite', () => {
    expect(rupeesToPaise(1.005)).toBeNull();
    expect(rupeesToPaise(0.001)).toBeNull();
    expect(rupeesToPaise(Number.NaN)).toBeNull();
    expect(rupeesToPaise(Number.POSITIVE_INFINITY)).toBeNull();
    expect(rupeesToPaise(1e17)).toBeNull();
    // Large enough that the relative tolerance would let the third decimal through.
    expect(rupeesToPaise(1_000_000_000_000.001)).toBeNull();
  });

  it('round-trips every paise amount through rupees', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e13, max: 1e13 }), (p) => {
        const paise = toPaise(p);
        expect(paise).not.toBeNull();
        expect(rupeesToPaise(paiseToRupees(paise!))).toBe(p === 0 ? 0 : p);
      }),
    );
  });

  it('brands only safe integers as paise', () => {
    expect(toPaise(12)).toBe(12);
    expect(toPaise(1.5)).toBeNull();
    expect(toPaise(2 ** 53)).toBeNull();
  });

  it('adds paise exactly', () => {
    expect(addPaise(toPaise(10)!, toPaise(-3)!, toPaise(1)!)).toBe(8);
  });
});
