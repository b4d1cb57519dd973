/**
 * The simulator's only source of chance: mulberry32, a small seeded PRNG whose whole state is one
 * 32-bit integer, so it lives in the snapshot and a restored simulator draws the same numbers
 * (docs/conventions.md#seams: random numbers are a seam; `Math.random()` is never used).
 */
export interface Rng {
  /** Unsigned 32-bit state; mutated by every draw. */
  state: number;
}

/** A generator seeded from any number (its low 32 bits, mixed so that small seeds differ). */
export function rngCreate(seed: number): Rng {
  return { state: (Math.imul(seed | 0, 0x9e3779b1) ^ 0x5bd1e995) >>> 0 };
}

/** A uniform draw in [0, 1). */
export function rngNext(rng: Rng): number {
  rng.state = (rng.state + 0x6d2b79f5) >>> 0;
  let t = rng.state;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}

/** A uniform real in [low, high). */
export function rngBetween(rng: Rng, low: number, high: number): number {
  return low + (high - low) * rngNext(rng);
}

/** A uniform integer in [low, high], both inclusive. */
export function rngInt(rng: Rng, low: number, high: number): number {
  return low + Math.floor(rngNext(rng) * (high - low + 1));
}

/** True with probability `p`. */
export function rngChance(rng: Rng, p: number): boolean {
  return rngNext(rng) < p;
}

/** One element of a non-empty list, uniformly. */
export function rngPick<T>(rng: Rng, items: readonly T[]): T {
  const item = items[Math.floor(rngNext(rng) * items.length)];
  if (item === undefined) throw new Error('rngPick needs a non-empty list');
  return item;
}

/** An index drawn with the given non-negative weights (they need not sum to 1). */
export function rngWeighted(rng: Rng, weights: readonly number[]): number {
  const total = weights.reduce((sum, w) => sum + w, 0);
  let draw = rngNext(rng) * total;
  for (let i = 0; i < weights.length; i += 1) {
    draw -= weights[i] ?? 0;
    if (draw < 0) return i;
  }
  return weights.length - 1;
}

/**
 * A stream of its own from `rng`'s present state and a salt, without drawing from `rng`: the
 * further exchange markets size their levels from it, so the matches and their match odds draw
 * exactly what they drew before those markets existed (the same `SIM_SEED` replays the same
 * matches).
 */
export function rngFork(rng: Rng, salt: number): Rng {
  return rngCreate((rng.state ^ Math.imul(salt, 0x85ebca6b)) >>> 0);
}
