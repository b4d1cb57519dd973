import { describe, expect, it } from 'vitest';
import { casinoGameName, countText, positionLabel, sportName, statusWord } from './words';

describe('the house screens’ words', () => {
  it('writes codes as words', () => {
    expect(statusWord('OPEN')).toBe('Open');
    expect(statusWord('inplay')).toBe('In play');
    expect(statusWord('IN_PLAY')).toBe('In play');
    expect(statusWord('rolled_back')).toBe('Rolled back');
    expect(statusWord('rolled back')).toBe('Rolled back');
    expect(statusWord('profit_loss')).toBe('Profit/loss');
    expect(statusWord('self_exclusion')).toBe('Self-exclusion');
    expect(statusWord('')).toBe('—');
  });

  it('names games, sports and positions, and groups counts as India does', () => {
    expect(casinoGameName('sevenupsevendown')).toBe('7 Up Down');
    expect(casinoGameName('dice')).toBe('dice');
    expect(sportName(4)).toBe('Cricket');
    expect(sportName(7)).toBe('Sport 7');
    expect(positionLabel('1.301')).toBe('Market 1.301');
    expect(positionLabel('301-1')).toBe('Session 301-1');
    expect(positionLabel('812')).toBe('Matka market 812');
    expect(positionLabel('casino:r-0001')).toBe('Round r-0001');
    expect(countText(7)).toBe('7');
    expect(countText(1200)).toBe('1,200');
    expect(countText(12_34_567)).toBe('12,34,567');
  });
});
