import { appendFileSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { percentile } from '../../apps/server/reliability/figures.js';

/**
 * What a benchmark reports (bench/README.md): each figure beside the baseline that bounds it,
 * measured in the same run on the same machine, as a ratio against a goal. bench/run.mjs turns
 * the rows into bench/RESULTS.md. A benchmark reports; it never fails on a missed goal.
 */

export { percentile };

/** Alternating runs of product and baseline; the median of each is reported. */
export const RUNS = Number(process.env.BENCH_RUNS ?? 5);

/** The cores the product and baselines run on, and the core of the load generator. */
export const SERVER_CPUS = process.env.BENCH_SERVER_CPUS ?? '0';
export const LOAD_CPUS = process.env.BENCH_LOAD_CPUS ?? '1';

export interface Row {
  /** The benchmark: bets, hub-fanout, api-reads, client-weight, render-cost, lighthouse. */
  readonly bench: string;
  /** What was measured, e.g. "bets/s, 16 clients". */
  readonly figure: string;
  readonly value: number;
  readonly unit: string;
  /** The baseline's figure in the same unit, and what the baseline is. */
  readonly baseline?: { readonly name: string; readonly value: number };
  /** value ÷ baseline; the goal says which way is better (≥ 0.75 for rates, ≤ 1.5 for costs). */
  readonly ratio?: number;
  /** The goal in words, e.g. "≥ 0.75"; absent for figures that only inform. */
  readonly goal?: string;
  readonly met?: boolean;
}

export interface Note {
  readonly bench: string;
  /** What dominates the cost where a goal is missed (from a profile), or how it was measured. */
  readonly note: string;
}

const FILE = process.env.BENCH_RESULTS;

function append(entry: object): void {
  const line = JSON.stringify(entry);
  process.stdout.write(`[bench] ${line}\n`);
  if (!FILE) return;
  mkdirSync(dirname(FILE), { recursive: true });
  appendFileSync(FILE, `${line}\n`);
}

/** Records one figure for RESULTS.md (and prints it, so a run read alone still shows it). */
export function report(row: Row): void {
  append({ kind: 'row', ...row });
}

/** Records a note under a benchmark's table: what dominates a missed goal, or the method. */
export function note(entry: Note): void {
  append({ kind: 'note', ...entry });
}

export function median(samples: readonly number[]): number {
  return percentile(samples, 50);
}

/** product ÷ baseline, to three decimals. */
export const ratio = (value: number, baseline: number) =>
  baseline === 0 ? 0 : round3(value / baseline);

export const round3 = (value: number) => Math.round(value * 1000) / 1000;

/**
 * Runs product and baseline alternately `runs` times (product first, then baseline, and so on),
 * so that drift of the machine falls on both alike; returns each one's results in run order.
 */
export async function alternate<P, B>(
  runs: number,
  product: (run: number) => Promise<P>,
  baseline: (run: number) => Promise<B>,
): Promise<{ product: P[]; baseline: B[] }> {
  const results = { product: [] as P[], baseline: [] as B[] };
  for (let run = 0; run < runs; run += 1) {
    results.product.push(await product(run));
    results.baseline.push(await baseline(run));
  }
  return results;
}

/** `taskset -c <cpus> <command> …`: a process pinned to the given cores. */
export function pinned(cpus: string, command: string, args: readonly string[]): string[] {
  return ['taskset', '-c', cpus, command, ...args];
}
