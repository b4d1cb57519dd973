import { fancyRunnerIsHidden } from '@backlay/domain';
import { describe, expect, it } from 'vitest';
import {
  CRICKET_SERIES,
  CRICKET_SURNAMES,
  INITIALS,
  SOCCER_SERIES,
  TENNIS_SERIES,
} from './names.js';

describe('names', () => {
  it('builds only session names that the hidden-runner rule lets through', () => {
    for (const series of CRICKET_SERIES) {
      for (const { code } of series.teams) {
        for (const name of [
          `6 over runs ${code}`,
          `20 over runs ${code}`,
          `Fall of 1st wkt ${code}`,
        ]) {
          expect(fancyRunnerIsHidden(name), name).toBe(false);
        }
      }
    }
    for (const initial of INITIALS) {
      for (const surname of CRICKET_SURNAMES) {
        expect(fancyRunnerIsHidden(`${initial} ${surname} runs`)).toBe(false);
      }
    }
  });

  it('gives each series enough distinct sides and each cricket side its own code', () => {
    for (const series of CRICKET_SERIES) {
      expect(series.teams.length).toBeGreaterThanOrEqual(6);
      expect(new Set(series.teams.map((t) => t.code)).size).toBe(series.teams.length);
    }
    for (const series of [...SOCCER_SERIES, ...TENNIS_SERIES]) {
      expect(series.sides.length).toBeGreaterThanOrEqual(6);
      expect(new Set(series.sides).size).toBe(series.sides.length);
    }
    expect(CRICKET_SURNAMES.length).toBeGreaterThanOrEqual(22);
    expect(new Set(CRICKET_SURNAMES).size).toBe(CRICKET_SURNAMES.length);
  });
});
