import type { HouseMargins } from '@backlay/domain';
import type { FeedUpdate } from '../types.js';
import type { StakeLimits } from './markets.js';
import type { Rng } from './rng.js';

/** What a sport's step needs besides its own event: the shared PRNG and the stake limits. */
export interface StepContext {
  readonly rng: Rng;
  readonly limits: StakeLimits;
  /** The house's margins every quote keeps (packages/domain/README.md, "House margins"). */
  readonly margins: HouseMargins;
  /** Real time of a simulated moment (for the event spec's start time). */
  readonly realTimeOf: (simMs: number) => Date;
}

/** What quoting a market needs: the PRNG for its sizes and the house's margins. */
export type QuoteContext = Pick<StepContext, 'rng' | 'margins'>;

/** A step's output: the updates, in order. */
export type Updates = FeedUpdate[];

/** Simulated durations, in ms. */
export const SECOND = 1000;
export const MINUTE = 60 * SECOND;
