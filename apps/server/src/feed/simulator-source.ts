import type { HouseMargins } from '@backlay/domain';
import type { FeedSource } from './runner.js';
import { createSimulator, restoreSimulator, type SimulatorSnapshot } from './simulator/index.js';

/** The simulator as a feed source, resumed from its saved snapshot when there is one. */
export function createSimulatorSource(options: {
  saved: unknown;
  seed: number;
  speed: number;
  start: Date;
  /** Real ms between heartbeats (see `heartbeatEveryMs`); the simulator's default if absent. */
  heartbeatMs?: number | undefined;
  /** The house's margins every quote keeps (packages/domain/README.md, "House margins"). */
  margins?: HouseMargins | undefined;
}): FeedSource {
  const run = { heartbeatMs: options.heartbeatMs, margins: options.margins };
  let simulator =
    options.saved === undefined
      ? createSimulator({ seed: options.seed, speed: options.speed, start: options.start }, run)
      : restoreSimulator(options.saved as SimulatorSnapshot, run);
  return {
    name: 'simulator',
    tick: (now) => simulator.tick(now),
    snapshot: () => simulator.snapshot(),
    restore(saved) {
      simulator = restoreSimulator(saved as SimulatorSnapshot, run);
    },
  };
}
