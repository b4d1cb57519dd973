import { describe, expect, it } from 'vitest';
import { formatDateTime, formatMoney, formatSize } from './format';

describe('format', () => {
  it('writes dates as D MMM YYYY hh:mm A in local time', () => {
    const local = new Date(2026, 2, 7, 19, 5);
    expect(formatDateTime(local.toISOString())).toBe('7 Mar 2026 07:05 PM');
  });

  it('writes money with two decimals and Indian grouping', () => {
    expect(formatMoney(100000)).toBe('1,00,000.00');
  });

  it('writes sizes in Indian compact notation', () => {
    expect(formatSize(850)).toBe('850');
    expect(formatSize(1234)).toBe('1.2K');
    expect(formatSize(250000)).toBe('2.5L');
  });
});
