/** Small numeric helpers of the models: the normal distribution and Poisson probabilities. */

/** Φ(x), the standard normal CDF (Abramowitz–Stegun 7.1.26, error < 1.5e-7). */
export function normalCdf(x: number): number {
  const z = Math.abs(x) / Math.SQRT2;
  const t = 1 / (1 + 0.3275911 * z);
  const poly =
    t *
    (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))));
  const erf = 1 - poly * Math.exp(-z * z);
  return x >= 0 ? 0.5 * (1 + erf) : 0.5 * (1 - erf);
}

/** P(X ≥ k) for X ~ Normal(mean, sd²) read as integer runs (continuity-corrected). */
export function normalAtLeast(k: number, mean: number, sd: number): number {
  return 1 - normalCdf((k - 0.5 - mean) / Math.max(sd, 1e-6));
}

/** Poisson probabilities P(0) … P(max) with mean `mean`; the tail beyond `max` is dropped. */
export function poissonProbabilities(mean: number, max: number): number[] {
  const out: number[] = [];
  let p = Math.exp(-mean);
  for (let k = 0; k <= max; k += 1) {
    out.push(p);
    p = (p * mean) / (k + 1);
  }
  return out;
}

/** `x` clamped into [low, high]. */
export function clamp(x: number, low: number, high: number): number {
  return Math.min(high, Math.max(low, x));
}
