import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { rngCreate, rngInt, rngNext, rngWeighted } from './rng.js';

describe('rng', () => {
  it('draws the same sequence from the same seed and a different one from another seed', () => {
    const draw = (seed: number) => {
      const rng = rngCreate(seed);
      return Array.from({ length: 20 }, () => rngNext(rng));
    };
    expect(draw(42)).toEqual(draw(42));
    expect(draw(42)).not.toEqual(draw(43));
  });

  it('resumes from its copied state exactly', () => {
    const rng = rngCreate(9);
    rngNext(rng);
    const copy = { ...rng };
    expect(rngNext(copy)).toBe(rngNext(rng));
  });

  it('draws uniforms in [0, 1) and integers within their bounds', () => {
    fc.assert(
      fc.property(
        fc.integer(),
        fc.integer({ min: -50, max: 50 }),
        fc.nat(100),
        (seed, low, span) => {
          const rng = rngCreate(seed);
          for (let i = 0; i < 20; i += 1) {
            const u = rngNext(rng);
            expect(u).toBeGreaterThanOrEqual(0);
            expect(u).toBeLessThan(1);
            const n = rngInt(rng, low, low + span);
            expect(n).toBeGreaterThanOrEqual(low);
            expect(n).toBeLessThanOrEqual(low + span);
          }
        },
      ),
    );
  });

  it('never picks an index of zero weight', () => {
    const rng = rngCreate(1);
    for (let i = 0; i < 500; i += 1) expect(rngWeighted(rng, [0, 1, 0, 2])).not.toBe(0);
  });
});
