import { pageFunctions } from 'lighthouse/core/lib/page-functions.js';

/**
 * One phone for every run (bench/README.md, "lighthouse"): Lighthouse's 4× CPU slowdown assumes a
 * fast desktop host, and this machine's speed (Lighthouse's benchmarkIndex 800–2,750 from hour to
 * hour) moved the same page ±10 points. So the slowdown is the host's benchmarkIndex, measured in
 * the browser right before each run, over that of the phone we emulate: a mid-range Android,
 * benchmarkIndex ≈ 500. Clamped to 1–8: a host slower than the phone is not sped up, and a
 * slowdown past 8 measures the timer more than the page.
 */
export const PHONE_BENCHMARK_INDEX = 500;
const MIN_SLOWDOWN = 1;
const MAX_SLOWDOWN = 8;

/** The CPU slowdown that makes a host of `benchmarkIndex` run as the phone does. */
export function calibratedSlowdown(benchmarkIndex: number): number {
  const slowdown = benchmarkIndex / PHONE_BENCHMARK_INDEX;
  if (!Number.isFinite(slowdown)) throw new Error(`no benchmarkIndex measured: ${benchmarkIndex}`);
  return Math.round(Math.min(MAX_SLOWDOWN, Math.max(MIN_SLOWDOWN, slowdown)) * 100) / 100;
}

/** What runs a function in a browser page and answers its result (Puppeteer or Playwright). */
interface Evaluates {
  evaluate(fn: () => number): Promise<number>;
}

/**
 * The host's benchmarkIndex as Lighthouse measures it (its own page function: a second of string
 * building and array copying), in `page`, which must be of the browser about to be measured.
 */
export async function measureBenchmarkIndex(page: Evaluates): Promise<number> {
  return page.evaluate(pageFunctions.computeBenchmarkIndex);
}
