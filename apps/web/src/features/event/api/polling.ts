/** SPEC §9: event odds are polled every 2 s. */
export const ODDS_POLL_MS = 2000;

/**
 * SPEC §9: matched bets are polled every 60 s. The positions (runner books, fancy positions)
 * follow the same beat: the spec reloads them with the matched bets after a bet.
 */
export const MATCHED_BETS_POLL_MS = 60_000;
