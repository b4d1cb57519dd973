/**
 * Betfair's price ladder in integer hundredths (docs/decisions.md#feed, #money: match and toss odds are hundredths):
 * 1.01–2 by 0.01, 2–3 by 0.02, 3–4 by 0.05, 4–6 by 0.1, 6–10 by 0.2, 10–20 by 0.5, 20–30 by 1,
 * 30–50 by 2, 50–100 by 5, 100–1000 by 10.
 */
const BANDS: readonly (readonly [from: number, to: number, step: number])[] = [
  [101, 200, 1],
  [200, 300, 2],
  [300, 400, 5],
  [400, 600, 10],
  [600, 1000, 20],
  [1000, 2000, 50],
  [2000, 3000, 100],
  [3000, 5000, 200],
  [5000, 10000, 500],
  [10000, 100000, 1000],
];

function ladderBuild(): readonly number[] {
  const ticks: number[] = [];
  for (const [from, to, step] of BANDS) {
    for (let price = from; price < to; price += step) ticks.push(price);
  }
  ticks.push(100000);
  return ticks;
}

/** Every rung, ascending, from 101 (1.01) to 100000 (1000). */
export const LADDER: readonly number[] = ladderBuild();

/** Lowest rung, 1.01. */
export const LADDER_MIN = 101;
/** Highest rung, 1000. */
export const LADDER_MAX = 100000;

/** Whether `price` (hundredths) is a rung. */
export function ladderHas(price: number): boolean {
  return LADDER[ladderIndexAtOrBelow(price)] === price;
}

/** Index of the highest rung ≤ price, or −1 below the ladder. */
function ladderIndexAtOrBelow(price: number): number {
  let low = 0;
  let high = LADDER.length - 1;
  let found = -1;
  while (low <= high) {
    const mid = (low + high) >> 1;
    if ((LADDER[mid] ?? Infinity) <= price) {
      found = mid;
      low = mid + 1;
    } else {
      high = mid - 1;
    }
  }
  return found;
}

/** The highest rung at or below `hundredths`, clamped into the ladder (1.01 below it). */
export function ladderFloor(hundredths: number): number {
  const index = ladderIndexAtOrBelow(hundredths);
  return LADDER[Math.max(0, index)] ?? LADDER_MIN;
}

/** The lowest rung at or above `hundredths`, clamped into the ladder (1000 above it). */
export function ladderCeil(hundredths: number): number {
  const floor = ladderFloor(hundredths);
  return floor >= hundredths ? floor : ladderStep(floor, 1);
}

/** The rung `ticks` steps from `price` (a rung), clamped to the ends; negative goes down. */
export function ladderStep(price: number, ticks: number): number {
  const index = ladderIndexAtOrBelow(price);
  const target = Math.min(LADDER.length - 1, Math.max(0, index + ticks));
  return LADDER[target] ?? price;
}
