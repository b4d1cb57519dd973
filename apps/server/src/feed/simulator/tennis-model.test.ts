import { describe, expect, it } from 'vitest';
import {
  gameHoldChance,
  setChance,
  tennisChances,
  tiebreakChance,
  type TennisState,
} from './tennis-model.js';

const start: TennisState = {
  sets: [0, 0],
  games: [0, 0],
  points: [0, 0],
  server: 0,
  isTiebreak: false,
  tiebreakFirstServer: 0,
};

describe('tennis model', () => {
  it('holds serve half the time at even points and more often with a better serve', () => {
    expect(gameHoldChance(0.5, 0, 0)).toBeCloseTo(0.5, 9);
    expect(gameHoldChance(0.65, 0, 0)).toBeGreaterThan(0.8);
    expect(gameHoldChance(0.65, 3, 3)).toBeCloseTo(0.65 ** 2 / (0.65 ** 2 + 0.35 ** 2), 9);
  });

  it('splits a tie-break and a match between equal players evenly', () => {
    expect(tiebreakChance([0.65, 0.65], 0, 0, 0)).toBeCloseTo(0.5, 9);
    expect(tiebreakChance([0.65, 0.65], 6, 6, 1)).toBeCloseTo(0.5, 9);
    const [home] = tennisChances([0.64, 0.64], start);
    expect(home).toBeGreaterThan(0.48);
    expect(home).toBeLessThan(0.52);
  });

  it('favours the better server and moves towards whoever wins a point, a break or a set', () => {
    expect(tennisChances([0.7, 0.6], start)[0]).toBeGreaterThan(0.7);
    const [base] = tennisChances([0.64, 0.64], start);
    const [pointUp] = tennisChances([0.64, 0.64], { ...start, points: [1, 0] });
    const [broken] = tennisChances([0.64, 0.64], { ...start, games: [0, 1], server: 1 });
    const [setUp] = tennisChances([0.64, 0.64], { ...start, sets: [1, 0] });
    expect(pointUp).toBeGreaterThan(base);
    expect(broken).toBeLessThan(0.4);
    expect(setUp).toBeGreaterThan(0.7);
    expect(setChance([0.64, 0.64], 5, 0, 1)).toBeGreaterThan(0.95);
  });

  it('knows a decided match', () => {
    const [home] = tennisChances([0.64, 0.64], {
      ...start,
      sets: [1, 0],
      games: [5, 0],
      points: [3, 0],
    });
    expect(home).toBeGreaterThan(0.99);
  });
});
