import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { soccerChances } from './soccer-model.js';

describe('soccer model', () => {
  it('gives probabilities that sum to one', () => {
    fc.assert(
      fc.property(
        fc.nat(5),
        fc.nat(5),
        fc.integer({ min: 0, max: 96 }),
        fc.double({ min: 0.3, max: 3, noNaN: true }),
        fc.double({ min: 0.3, max: 3, noNaN: true }),
        (home, away, left, homeRate, awayRate) => {
          const sum = soccerChances(home, away, left, homeRate, awayRate).reduce(
            (a, b) => a + b,
            0,
          );
          expect(sum).toBeCloseTo(1, 9);
        },
      ),
    );
  });

  it('raises the scorer’s probability when a goal goes in', () => {
    fc.assert(
      fc.property(fc.nat(4), fc.nat(4), fc.integer({ min: 1, max: 90 }), (home, away, left) => {
        const [homeBefore, awayBefore] = soccerChances(home, away, left, 1.5, 1.2);
        const [homeAfter] = soccerChances(home + 1, away, left, 1.5, 1.2);
        const [, awayAfter] = soccerChances(home, away + 1, left, 1.5, 1.2);
        expect(homeAfter).toBeGreaterThanOrEqual(homeBefore);
        expect(awayAfter).toBeGreaterThanOrEqual(awayBefore);
      }),
    );
    expect(soccerChances(1, 0, 60, 1.5, 1.2)[0]).toBeGreaterThan(
      soccerChances(0, 0, 60, 1.5, 1.2)[0] + 0.15,
    );
  });

  it('makes the draw likelier as a level game runs out and the home side favourite at kick-off', () => {
    expect(soccerChances(1, 1, 5, 1.5, 1.2)[2]).toBeGreaterThan(
      soccerChances(1, 1, 60, 1.5, 1.2)[2],
    );
    const [home, away] = soccerChances(0, 0, 93, 1.5, 1.2);
    expect(home).toBeGreaterThan(away);
  });
});
