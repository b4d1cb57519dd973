import type { Db, Tx } from '../../db/pool.js';
import { openBets } from './bets.queries.js';
import { exchangeExposure, fancyExposure } from './exposure.js';

/**
 * What the bets module tells other modules about a client's open bets (their SQL stays in
 * bets.queries): the exposure a position holds is the bets module's rule, the one bet_place holds
 * with each bet (docs/architecture.md, "The path of a bet").
 */

/** A client's position: a market (its runners, in order) or one fancy runner. */
export type OpenPosition =
  | {
      readonly kind: 'market';
      readonly clientId: string;
      readonly marketId: string;
      readonly selectionIds: readonly string[];
    }
  | { readonly kind: 'fancy'; readonly clientId: string; readonly selectionId: string };

/**
 * The exposure of a position as its open bets stand now (read on the caller's transaction, so a
 * settlement's rollback sees the bets it has just reopened): a market's worst loss over its
 * runners, a fancy runner's over its run ladder.
 */
export async function openPositionExposure(db: Db | Tx, position: OpenPosition): Promise<bigint> {
  if (position.kind === 'fancy')
    return fancyExposure(await openBets(db, position.clientId, position.selectionId));
  return exchangeExposure(
    position.selectionIds,
    await openBets(db, position.clientId, position.marketId),
  );
}
