/**
 * docs/product.md#screens: the lobby's games, in lobby order. `eventId` names the game's row in the profit and
 * loss listing (one row per game; docs/product.md#purpose gives casino the sport id 5, hence the 5 000 00x range,
 * far below the simulator's and the scripted feed's event ids). It is not a sports event: the
 * match-bet drill-down has nothing for it.
 */
export const CASINO_GAMES = [
  { id: 'horseracing', name: 'Horse Racing', eventId: 5_000_001 },
  { id: 'sevenupsevendown', name: '7 Up Down', eventId: 5_000_002 },
  { id: 'roulette', name: 'Roulette', eventId: 5_000_003 },
  { id: 'andarbahar', name: 'Andar Bahar', eventId: 5_000_004 },
  { id: 'lottery', name: 'Lottery', eventId: 5_000_005 },
] as const;

/** The largest stake of one round, in rupees. */
export const CASINO_MAX_STAKE = 10_000_000;
/** The largest payout of one round (stake included), in rupees. */
export const CASINO_MAX_PAYOUT = 1_000_000_000;
/** The largest winning limit the operator may set, in rupees (as CASINO_WIN_LIMIT). */
export const CASINO_MAX_WIN_LIMIT = 100_000_000;

/** The lobby's game ids, as the `/casino/{gameid}` route and the launch call name them. */
export const CASINO_GAME_IDS = CASINO_GAMES.map((game) => game.id);
