import { matkaHarup, matkaTotal, type MatkaBet, type Paise } from '@backlay/domain';
import { describe, expect, it } from 'vitest';
import { betsByNumber } from './bets-by-number';

const bet = (betNo: MatkaBet['betNo'], amount: number): MatkaBet => ({
  betNo,
  amount: amount as Paise,
});

describe('betsByNumber', () => {
  it('sums the stakes of a repeated number into one bet at its first place', () => {
    expect(betsByNumber([bet('12', 1050), bet('13', 900), bet('12', 1050)])).toEqual([
      bet('12', 2100),
      bet('13', 900),
    ]);
  });

  it('leaves bets of distinct numbers as they are', () => {
    const bets = [bet('45', 10_000), bet('46', 10_000)];
    expect(betsByNumber(bets)).toEqual(bets);
  });

  it('Harup A 5555 and B 555 at ₹100: 19 numbers, 55 at ₹20, the same ₹200 total', () => {
    const harup = matkaHarup(['5555'], ['555'], 100);
    if (!harup.ok) throw new Error(harup.message);
    expect(harup.bets).toHaveLength(20);
    const merged = betsByNumber(harup.bets);
    expect(merged.map((entry) => entry.betNo)).toEqual([
      '50',
      '51',
      '52',
      '53',
      '54',
      '55',
      '56',
      '57',
      '58',
      '59',
      '05',
      '15',
      '25',
      '35',
      '45',
      '65',
      '75',
      '85',
      '95',
    ]);
    expect(merged.find((entry) => entry.betNo === '55')?.amount).toBe(2000);
    expect(merged.filter((entry) => entry.betNo !== '55').every((e) => e.amount === 1000)).toBe(
      true,
    );
    expect(matkaTotal(merged)).toBe(harup.total);
    expect(harup.total).toBe(20_000);
  });
});
