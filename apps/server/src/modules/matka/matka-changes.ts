/**
 * A matka market's state, and its changes told to the listeners once their transaction committed
 * (docs/architecture.md, "Matka, live").
 */
import { inTransaction, type Db, type Tx } from '../../db/pool.js';
import type { MarketRow } from './matka.queries.js';
import { matkaChangeWire, type MatkaChange } from './matka.wire.js';

/** Who hears a market's changes (`services.ts` wires them to the hub). */
export interface MatkaListeners {
  /**
   * Hears a market open or close by the clock, and its result, void or rollback once committed
   * (everyone's MatkaChanged). Several instances may tell the same change: a listener takes it twice.
   */
  readonly onChanged?: (change: MatkaChange) => void;
  /** Hears each client whose money a result, void or rollback moved, once committed. */
  readonly onBalanceChanged?: (clientId: string) => void;
}

/** Registers a hook to run once the transaction committed (an operator action's `onCommit`). */
export type WhenDone = (hook: () => void) => void;

/** A market's state as the operator's console lists it. */
export type MatkaMarketStatus = 'open' | 'closed' | 'settled' | 'voided' | 'rolled back';

/**
 * A market's state at `now`: its result, else an operator's void, else a rollback waiting for the
 * operator's declaration, else open or closed for betting by the clock.
 */
export function matkaMarketStatus(
  market: Pick<MarketRow, 'result' | 'voidedAt' | 'rolledBackAt' | 'opensAt' | 'closesAt'>,
  now: Date,
): MatkaMarketStatus {
  if (market.result !== null) return 'settled';
  if (market.voidedAt !== null) return 'voided';
  if (market.rolledBackAt !== null) return 'rolled back';
  const at = now.getTime();
  return market.opensAt.getTime() <= at && at < market.closesAt.getTime() ? 'open' : 'closed';
}

/**
 * After the commit: everyone hears the market's new state, and each client with bets on it
 * (whose money the change moved) hears it once.
 */
export function tell(
  listeners: MatkaListeners,
  whenDone: WhenDone,
  market: MarketRow,
  status: MatkaMarketStatus,
  result: string | null,
  clients: Iterable<string> = [],
): void {
  const change = matkaChangeWire(market, status, result);
  const moved = [...new Set(clients)];
  whenDone(() => {
    listeners.onChanged?.(change);
    for (const clientId of moved) listeners.onBalanceChanged?.(clientId);
  });
}

/** `work` in its own transaction; what it told runs once that committed (not a failed attempt's). */
export async function committed<T>(
  db: Db,
  work: (tx: Tx, whenDone: WhenDone) => Promise<T>,
): Promise<T> {
  let hooks: (() => void)[] = [];
  const result = await inTransaction(db, (tx) => {
    hooks = [];
    return work(tx, (hook) => hooks.push(hook));
  });
  for (const hook of hooks) hook();
  return result;
}
