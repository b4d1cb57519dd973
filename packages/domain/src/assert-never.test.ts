import { describe, expect, it } from 'vitest';
import { assertNever } from './assert-never.js';

describe('assertNever', () => {
  it('throws naming the value that escaped its union', () => {
    expect(() => assertNever('Draw' as never, 'bet type')).toThrow('Unexpected bet type: "Draw"');
  });
});
