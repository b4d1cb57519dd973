export {
  createSimulator,
  DEFAULT_FIRST_EVENT_ID,
  DEFAULT_MAX_STAKE_MATCH,
  DEFAULT_MAX_STAKE_SESSION,
  HEARTBEAT_EVERY_MS,
  restoreSimulator,
  type Simulator,
  type SimulatorOptions,
  type SimulatorRun,
} from './simulator.js';
export type { SimulatorSnapshot } from './state.js';
export { MATCH_SIXES_SUFFIX } from './cricket-fancy.js';
export { simulatedMarketIdParse, simulatedMatchOddsId } from './markets.js';
