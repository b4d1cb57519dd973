import type { FeedSource } from './runner.js';
import { createSimulator, restoreSimulator, type SimulatorSnapshot } from './simulator/index.js';

/** The simulator as a feed source, resumed from its saved snapshot when there is one. */
export function createSimulatorSource(options: {
  saved: unknown;
  seed: number;
  speed: number;
  start: Date;
}): FeedSource {
  const simulator =
    options.saved === undefined
      ? createSimulator({ seed: options.seed, speed: options.speed, start: options.start })
      : restoreSimulator(options.saved as SimulatorSnapshot);
  return {
    name: 'simulator',
    tick: (now) => simulator.tick(now),
    snapshot: () => simulator.snapshot(),
  };
}
