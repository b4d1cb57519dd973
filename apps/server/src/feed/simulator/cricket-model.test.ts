import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  chancesToPair,
  chaseChances,
  firstInningsChances,
  runsForecastAt,
  strengthRunFactor,
  wicketFallForecast,
} from './cricket-model.js';

const chaser = (balls: number, wickets: number, runs: number, target: number) =>
  chancesToPair(chaseChances({ balls, wickets, runs }, target, 1))[0];

describe('cricket model', () => {
  it('projects a full T20 innings at about 155 runs and six overs at about 50', () => {
    const start = { balls: 0, wickets: 0, runs: 0 };
    expect(runsForecastAt(start, 120, 1).mean).toBeGreaterThan(145);
    expect(runsForecastAt(start, 120, 1).mean).toBeLessThan(170);
    expect(runsForecastAt(start, 36, 1).mean).toBeGreaterThan(42);
    expect(runsForecastAt(start, 36, 1).mean).toBeLessThan(56);
    expect(wicketFallForecast(start, 1, 1).mean).toBeGreaterThan(20);
  });

  it('lowers the chasing side’s win probability when a wicket falls', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 118 }),
        fc.integer({ min: 0, max: 8 }),
        fc.integer({ min: 0, max: 150 }),
        fc.integer({ min: 1, max: 120 }),
        (balls, wickets, runs, need) => {
          const before = chaser(balls, wickets, runs, runs + need);
          // The ball is bowled and a wicket falls: one ball fewer, one wicket fewer, no runs.
          const after = chaser(balls + 1, wickets + 1, runs, runs + need);
          expect(after).toBeLessThanOrEqual(before);
        },
      ),
    );
    expect(chaser(60, 4, 80, 161)).toBeLessThan(chaser(59, 3, 80, 161));
  });

  it('lowers the first-innings side’s chances when it loses a wicket', () => {
    const batting = (balls: number, wickets: number, runs: number) =>
      chancesToPair(firstInningsChances({ balls, wickets, runs }, 1, 1))[1];
    expect(batting(31, 3, 50)).toBeLessThan(batting(30, 2, 50));
    expect(batting(31, 2, 56)).toBeGreaterThan(batting(30, 2, 50));
  });

  it('raises the chaser’s chances with runs and settles a decided chase', () => {
    expect(chaser(100, 3, 150, 170)).toBeGreaterThan(chaser(100, 3, 140, 170));
    expect(chaseChances({ balls: 80, wickets: 2, runs: 170 }, 170, 1).chaserWins).toBe(1);
    expect(chaseChances({ balls: 120, wickets: 2, runs: 169 }, 170, 1).tie).toBe(1);
    expect(chaseChances({ balls: 90, wickets: 10, runs: 100 }, 170, 1).defenderWins).toBe(1);
  });

  it('favours the stronger batting side before the toss', () => {
    expect(strengthRunFactor(1.1)).toBeGreaterThan(1);
    const [strongChaser] = chancesToPair(
      firstInningsChances({ balls: 0, wickets: 0, runs: 0 }, 1, strengthRunFactor(1.15)),
    );
    expect(strongChaser).toBeGreaterThan(0.55);
  });

  it('moves a session forecast with the runs and keeps it once its ball is reached', () => {
    const early = runsForecastAt({ balls: 12, wickets: 0, runs: 20 }, 36, 1);
    const later = runsForecastAt({ balls: 12, wickets: 0, runs: 26 }, 36, 1);
    expect(later.mean - early.mean).toBeCloseTo(6, 6);
    expect(runsForecastAt({ balls: 36, wickets: 1, runs: 47 }, 36, 1).mean).toBe(47);
    expect(runsForecastAt({ balls: 20, wickets: 10, runs: 47 }, 36, 1).mean).toBe(47);
  });
});
