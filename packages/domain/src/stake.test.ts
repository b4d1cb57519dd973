import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  STAKE_MAX,
  STAKE_NOT_POSITIVE_MESSAGE,
  stakeAddChip,
  stakeCheck,
  stakeParse,
  stakeToPaise,
  toStake,
} from './stake.js';

describe('stake input', () => {
  it('parses the input as an integer like parseInt', () => {
    expect(stakeParse('500')).toBe(500);
    expect(stakeParse('  250')).toBe(250);
    expect(stakeParse('12.7')).toBe(12);
    expect(stakeParse('50abc')).toBe(50);
    expect(stakeParse('+40')).toBe(40);
    expect(stakeParse('-5')).toBe(-5);
  });

  it('turns non-numeric input into 0', () => {
    for (const input of ['', 'abc', '.5', '-', ' ', 'e5']) expect(stakeParse(input)).toBe(0);
    expect(Object.is(stakeParse('-0'), 0)).toBe(true);
  });

  it('turns a number beyond a safe integer into 0', () => {
    expect(stakeParse('99999999999999999999')).toBe(0);
  });

  it('agrees with parseInt wherever parseInt gives a safe integer', () => {
    fc.assert(
      fc.property(fc.string(), (input) => {
        const reference = Number.parseInt(input, 10);
        const expected = Number.isSafeInteger(reference) ? reference : 0;
        expect(stakeParse(input)).toBe(expected === 0 ? 0 : expected);
      }),
    );
  });

  it('adds a chip to the current stake', () => {
    expect(stakeAddChip(0, 500)).toBe(500);
    expect(stakeAddChip(stakeAddChip(500, 1000), 100)).toBe(1600);
  });
});

describe('stake check', () => {
  it("refuses a stake that is not greater than 0 with 'Total stack must be greater than 0'", () => {
    for (const stake of [0, -5, Number.NaN]) {
      expect(stakeCheck(stake)).toEqual({
        ok: false,
        reason: 'not-positive',
        message: STAKE_NOT_POSITIVE_MESSAGE,
      });
    }
    expect(STAKE_NOT_POSITIVE_MESSAGE).toBe('Total stack must be greater than 0');
  });

  it('refuses a fraction of a rupee', () => {
    expect(stakeCheck(10.5)).toMatchObject({ ok: false, reason: 'not-whole' });
  });

  it('accepts a whole positive stake within the limits', () => {
    expect(stakeCheck(500)).toEqual({ ok: true, stake: 500 });
    expect(stakeCheck(500, { min: 500, max: 50000 })).toEqual({ ok: true, stake: 500 });
    expect(stakeCheck(50000, { min: 500, max: 50000 })).toEqual({ ok: true, stake: 50000 });
  });

  it('refuses a stake below the minimum or above the maximum with the limit in the message', () => {
    expect(stakeCheck(499, { min: 500, max: 50000 })).toEqual({
      ok: false,
      reason: 'below-min',
      message: 'Minimum stake is 500',
    });
    expect(stakeCheck(50001, { min: 500, max: 50000 })).toEqual({
      ok: false,
      reason: 'above-max',
      message: 'Maximum stake is 50000',
    });
    expect(stakeCheck(STAKE_MAX + 1)).toMatchObject({ ok: false, reason: 'above-max' });
  });

  it('brands only whole rupees from 1 to the maximum as stakes', () => {
    expect(toStake(1)).toBe(1);
    expect(toStake(STAKE_MAX)).toBe(STAKE_MAX);
    for (const value of [0, -1, 1.5, STAKE_MAX + 1, Number.NaN]) expect(toStake(value)).toBeNull();
  });

  it('expresses a stake in paise', () => {
    expect(stakeToPaise(toStake(500)!)).toBe(50000);
  });
});
