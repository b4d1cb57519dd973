import { appendFileSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * Figures of the reliability suites: each suite records what it measured and the bar it must
 * meet; scripts/reliability.mjs prints them as one table after the run (README "Reliability").
 */

/** `--short` (CI): the same checks with less load, fewer trials and runs. */
export const SHORT = process.env.RELIABILITY_SHORT === '1';

/** The full figure, or the short one in a `--short` run. */
export function scale<T>(full: T, short: T): T {
  return SHORT ? short : full;
}

export interface Figure {
  /** The suite: money, crash or hostile. */
  readonly suite: string;
  /** What was measured, e.g. "conservation: violations". */
  readonly name: string;
  readonly value: number | string;
  /** The pass bar in words, e.g. "= 0"; absent for figures that only report. */
  readonly bar?: string;
  /** Whether the value meets the bar; absent for figures that only report. */
  readonly pass?: boolean;
}

const FIGURES_FILE = process.env.RELIABILITY_FIGURES;

/** Records one figure for the table (and prints it, so a run read alone still shows it). */
export function record(figure: Figure): void {
  const line = JSON.stringify({
    ...figure,
    database: process.env.DATABASE_URL ? 'server' : 'embedded',
  });
  process.stdout.write(`[figure] ${line}\n`);
  if (!FIGURES_FILE) return;
  mkdirSync(dirname(FIGURES_FILE), { recursive: true });
  appendFileSync(FIGURES_FILE, `${line}\n`);
}

/** The p-th percentile (0–100) of the samples, nearest rank; 0 for none. */
export function percentile(samples: readonly number[], p: number): number {
  if (samples.length === 0) return 0;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank] ?? 0;
}

/** A number for the table: integers as they are, others to two decimals. */
export function round2(value: number): number {
  return Math.round(value * 100) / 100;
}
