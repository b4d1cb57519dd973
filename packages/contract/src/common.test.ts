import { describe, expect, it } from 'vitest';
import { hasWholePaise, rupees } from './common.js';

describe('rupees on the wire', () => {
  it('takes whole paise, small or as large as a balance grows', () => {
    for (const value of [0, 1, 0.01, 0.29, 1234.56, -50.5, 12_345_678_901.23, 98_765_432_109.87])
      expect(rupees.safeParse(value).success, String(value)).toBe(true);
  });

  it('refuses a fraction of a paisa', () => {
    for (const value of [1.005, 0.001, 12.345, 1_000_000.001])
      expect(hasWholePaise(value), String(value)).toBe(false);
  });
});
