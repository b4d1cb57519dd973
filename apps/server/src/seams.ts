import { randomBytes, randomUUID } from 'node:crypto';

/** Time, as a seam: services never read the system clock themselves (docs/conventions.md#seams: everything outside is a seam). */
export interface Clock {
  now(): Date;
}

/** Waiting, as a seam: the in-play bet delay waits through it (tests decide when it ends). */
export interface Timer {
  wait(ms: number): Promise<void>;
}

export const systemTimer: Timer = {
  wait: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

/** Randomness and ids, as a seam. */
export interface Random {
  bytes(size: number): Buffer;
  uuid(): string;
}

export const systemClock: Clock = { now: () => new Date() };

/**
 * The system's time moved by `offsetMs` (CLOCK_OFFSET_MS): the whole server lives at another
 * hour, so a test can run the product at 04:30 or just before midnight. 0 is the system clock.
 */
export function shiftedClock(offsetMs: number): Clock {
  if (offsetMs === 0) return systemClock;
  return { now: () => new Date(Date.now() + offsetMs) };
}

export const systemRandom: Random = {
  bytes: (size) => randomBytes(size),
  uuid: () => randomUUID(),
};

/** A clock that moves only when told to; for tests and replays. */
export function manualClock(
  start: Date,
): Clock & { advance(ms: number): void; set(at: Date): void } {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    advance: (ms) => {
      current += ms;
    },
    set: (at) => {
      current = at.getTime();
    },
  };
}
