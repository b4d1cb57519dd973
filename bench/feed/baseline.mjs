// The baseline of the feed adapter's throughput (bench/README.md, "feed"): what any reader of
// Betfair's stream must do at least — JSON.parse of each line and the full ladders kept as maps,
// price → size per runner for `atb` and `atl` (a size of 0 removes the price, an image starts the
// market afresh). No validation, no best offers, no translation.

/** Market id → runner id → { atb, atl }, each price → size. */
export const createLadders = () => new Map();

function applyLadder(ladder, entries) {
  for (const [price, size] of entries) {
    if (size === 0) ladder.delete(price);
    else ladder.set(price, size);
  }
}

/** Applies every line to `ladders`. */
export function baselinePass(ladders, lines) {
  for (const line of lines) {
    const message = JSON.parse(line);
    for (const change of message.mc ?? []) {
      let market = ladders.get(change.id);
      if (market === undefined || change.img === true) {
        market = new Map();
        ladders.set(change.id, market);
      }
      for (const runnerChange of change.rc ?? []) {
        let runner = market.get(runnerChange.id);
        if (runner === undefined) {
          runner = { atb: new Map(), atl: new Map() };
          market.set(runnerChange.id, runner);
        }
        if (runnerChange.atb) applyLadder(runner.atb, runnerChange.atb);
        if (runnerChange.atl) applyLadder(runner.atl, runnerChange.atl);
      }
    }
  }
  return ladders;
}
