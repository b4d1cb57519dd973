/**
 * Calls carrying bets to PostgreSQL at once, per instance. Two keep one core of PostgreSQL busy
 * (one call runs while the other's answer travels); the bets that arrive meanwhile wait for the
 * next free lane and go together (bench/RESULTS.md, bets).
 */
export const BET_LANES = 2;
/** The most bets in one call of bet_place_batch: one transaction's locks stay few. */
export const MAX_BATCH = 32;

/** How bets reach PostgreSQL: one alone (bet_place), several together (bet_place_batch). */
export interface BetCalls<Bet, Outcome> {
  alone(bet: Bet): Promise<Outcome>;
  /** An outcome per bet, in order; null for a bet the batch did not place. */
  together(bets: readonly Bet[]): Promise<(Outcome | null)[]>;
}

interface Waiting<Bet, Outcome> {
  readonly bet: Bet;
  readonly resolve: (outcome: Outcome) => void;
  readonly reject: (error: unknown) => void;
}

/**
 * Group commit (docs/architecture.md, "The path of a bet"): at most `lanes` calls carry bets to
 * PostgreSQL at once. A bet that finds a lane free goes at once and alone (no timer, no wait on a
 * quiet server); the bets that arrive while every lane is busy go together in the next free
 * lane, in one call: one statement, one transaction, one commit for all. A batch that fails (a
 * deadlock, an error of one bet) has rolled back whole, and each of its bets is placed again
 * alone, so that one bet's error is its own; so is a bet the batch answered null for.
 */
export function createBetBatches<Bet, Outcome>(
  calls: BetCalls<Bet, Outcome>,
  options: { lanes: number; maxBatch: number } = { lanes: BET_LANES, maxBatch: MAX_BATCH },
) {
  const waiting: Waiting<Bet, Outcome>[] = [];
  let busy = 0;
  const alone = (entry: Waiting<Bet, Outcome>) =>
    calls.alone(entry.bet).then(entry.resolve, entry.reject);

  async function send(batch: Waiting<Bet, Outcome>[]): Promise<void> {
    if (batch.length === 1) return alone(batch[0]!);
    const outcomes = await calls
      .together(batch.map((entry) => entry.bet))
      .catch(() => batch.map(() => null));
    for (const [index, entry] of batch.entries()) {
      const outcome = outcomes[index];
      if (outcome !== null && outcome !== undefined) entry.resolve(outcome);
      else await alone(entry);
    }
  }

  function pump(): void {
    while (busy < options.lanes && waiting.length > 0) {
      busy += 1;
      void send(waiting.splice(0, options.maxBatch)).finally(() => {
        busy -= 1;
        pump();
      });
    }
  }

  return {
    /** The outcome of this bet, placed alone or in a batch. */
    place(bet: Bet): Promise<Outcome> {
      return new Promise<Outcome>((resolve, reject) => {
        waiting.push({ bet, resolve, reject });
        pump();
      });
    },
  };
}
