import { hubIsConnected } from '../../../lib/connection';
import { SAFETY_POLL_MS } from '../../../lib/data-saver';

/** docs/product.md#constants: event odds are polled every 2 s. */
export const ODDS_POLL_MS = 2000;

/**
 * While the hub is connected every price change arrives with its data (docs/architecture.md,
 * "Freshness on the client"), so the odds are polled only as a safety net this often.
 */
export const ODDS_SAFETY_POLL_MS = SAFETY_POLL_MS;

/** The odds' poll interval now: the safety net while the hub is connected, else the spec's. */
export const oddsPollMs = (): number => (hubIsConnected() ? ODDS_SAFETY_POLL_MS : ODDS_POLL_MS);

/**
 * docs/product.md#constants: matched bets are polled every 60 s. The positions (runner books, fancy positions)
 * follow the same beat: the spec reloads them with the matched bets after a bet.
 */
export const MATCHED_BETS_POLL_MS = 60_000;
