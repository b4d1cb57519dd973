import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatAmount, formatDateTime, formatMoney, formatSize } from './format';

/** The formats the hand-written functions stand in for (format.ts): en-IN as ECMA-402 writes it. */
const intl = {
  money: new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
  amount: new Intl.NumberFormat('en-IN', { maximumFractionDigits: 2 }),
  size: new Intl.NumberFormat('en-IN', { notation: 'compact', maximumFractionDigits: 1 }),
};

/** Money as the server sends it (paise over 100), stakes, sizes and any double of the kind. */
const numbers = fc.oneof(
  fc.integer({ min: -(10 ** 12), max: 10 ** 12 }).map((paise) => paise / 100),
  fc.integer({ min: 0, max: 10 ** 9 }),
  fc.integer({ min: 0, max: 99_999 }).map((base) => base * 10 + 5),
  fc.double({ min: -1e15, max: 1e15, noNaN: true }),
  fc.double({ min: 0, max: 1e6, noNaN: true }).map((value) => Math.round(value * 1e4) / 1e4),
);

describe('format', () => {
  it('writes dates as D MMM YYYY hh:mm A in local time', () => {
    const local = new Date(2026, 2, 7, 19, 5);
    expect(formatDateTime(local.toISOString())).toBe('7 Mar 2026 07:05 PM');
  });

  it('writes money with two decimals and Indian grouping', () => {
    expect(formatMoney(100000)).toBe('1,00,000.00');
    expect(formatMoney(-1234.5)).toBe('-1,234.50');
    expect(formatMoney(1.005)).toBe('1.01');
    expect(formatMoney(99999999.999)).toBe('10,00,00,000.00');
  });

  it('writes amounts with Indian grouping and no forced decimals', () => {
    expect(formatAmount(100000)).toBe('1,00,000');
    expect(formatAmount(1234567.891)).toBe('12,34,567.89');
    expect(formatAmount(0.125)).toBe('0.13');
  });

  it('writes sizes in Indian compact notation', () => {
    expect(formatSize(850)).toBe('850');
    expect(formatSize(1234)).toBe('1.2K');
    expect(formatSize(4350)).toBe('4.4K');
    expect(formatSize(250000)).toBe('2.5L');
    expect(formatSize(99950)).toBe('1L');
    expect(formatSize(999.95)).toBe('1K');
    expect(formatSize(12345678)).toBe('1.2Cr');
    expect(formatSize(1e10)).toBe('1KCr');
    expect(formatSize(1e18)).toBe('10,00,000LCr');
  });

  it('writes every number as Intl.NumberFormat en-IN does', () => {
    fc.assert(
      fc.property(numbers, (value) => {
        expect(formatMoney(value)).toBe(intl.money.format(value));
        expect(formatAmount(value)).toBe(intl.amount.format(value));
        expect(formatSize(value)).toBe(intl.size.format(value));
      }),
      { numRuns: 20_000 },
    );
    for (const value of [0, -0, 0.05, 0.04, -0.04, -0.001, 1e21, 1e-7, NaN, Infinity, -Infinity])
      expect([formatMoney(value), formatAmount(value), formatSize(value)]).toEqual([
        intl.money.format(value),
        intl.amount.format(value),
        intl.size.format(value),
      ]);
  });
});
