export {
  startCasinoProvider,
  type CasinoProviderOptions,
  type RunningCasinoProvider,
} from './provider.js';
export type { Clock, Random } from './seams.js';
