import { describe, expect, it } from 'vitest';
import { betTypeFromSide, betTypeIsLay, isBetType, type BetType } from './bet-type.js';

describe('bet types', () => {
  it('knows the four wire bet types and nothing else', () => {
    for (const type of ['Back', 'Lay', 'Yes', 'No']) expect(isBetType(type)).toBe(true);
    for (const type of ['back', 'LAY', '', 'Draw']) expect(isBetType(type)).toBe(false);
  });

  it('treats Lay and No as the laying sides', () => {
    expect(betTypeIsLay('Lay')).toBe(true);
    expect(betTypeIsLay('No')).toBe(true);
    expect(betTypeIsLay('Back')).toBe(false);
    expect(betTypeIsLay('Yes')).toBe(false);
  });

  it('maps the slip side 0 to Back or Yes and 1 to Lay or No', () => {
    expect(betTypeFromSide(0, false)).toBe('Back');
    expect(betTypeFromSide(1, false)).toBe('Lay');
    expect(betTypeFromSide(0, true)).toBe('Yes');
    expect(betTypeFromSide(1, true)).toBe('No');
  });
});

describe('bet types outside the union', () => {
  it('throw, since only an unvalidated value can get there', () => {
    expect(() => betTypeIsLay('Draw' as BetType)).toThrow('Unexpected bet type: "Draw"');
  });
});
