/*
 * The order of a position's work in this instance (docs/architecture.md, "The path of a bet"):
 * one client's bets on one position take turns, and a repeated Idempotency-Key shares the answer
 * of the request still in flight. Neither reads anything: memory only.
 */

/** Runs `work` after every earlier work of the same id has ended (fulfilled or failed). */
export type InTurn = <T>(id: string, work: () => Promise<T>) => Promise<T>;

/**
 * One client's bets on one position run one at a time in this instance (PostgreSQL would
 * serialise them on the wallet anyway): each then computes on the version the previous one
 * left, instead of every one of a burst finding the position changed.
 */
export function createTurns(): InTurn {
  const queues = new Map<string, Promise<unknown>>();
  return <T>(id: string, work: () => Promise<T>): Promise<T> => {
    const previous = queues.get(id) ?? Promise.resolve();
    const turn = previous.then(work, work);
    const settled = turn.then(
      () => {},
      () => {},
    );
    queues.set(id, settled);
    void settled.then(() => {
      if (queues.get(id) === settled) queues.delete(id);
    });
    return turn;
  };
}

/** Decides a keyed request once while it is in flight (no key: `work` simply runs). */
export type OnceInFlight<A> = (
  clientId: string,
  key: string | undefined,
  hash: Buffer | null,
  work: () => Promise<A>,
) => Promise<A>;

/**
 * The same key and request while the first is still being decided (held for the in-play delay,
 * say) share its answer instead of deciding twice; PostgreSQL's record of the key answers any
 * later repeat (docs/decisions.md#api).
 */
export function createOnceInFlight<A>(): OnceInFlight<A> {
  const inFlight = new Map<string, { hash: Buffer; answer: Promise<A> }>();
  return (clientId, key, hash, work) => {
    if (key === undefined || hash === null) return work();
    const flightId = `${clientId}|${key}`;
    const flying = inFlight.get(flightId);
    if (flying?.hash.equals(hash)) return flying.answer;
    const answer = work();
    if (!flying) {
      inFlight.set(flightId, { hash, answer });
      const forget = () => inFlight.delete(flightId);
      answer.then(forget, forget);
    }
    return answer;
  };
}
