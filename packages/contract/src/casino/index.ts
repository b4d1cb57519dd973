import { z } from 'zod';
import { endpoint, envelope, rupees } from '../common.js';
import {
  CASINO_GAME_IDS,
  CASINO_GAMES,
  CASINO_MAX_PAYOUT,
  CASINO_MAX_STAKE,
  CASINO_MAX_WIN_LIMIT,
} from './values.js';

export { CASINO_GAME_IDS, CASINO_GAMES, CASINO_MAX_PAYOUT, CASINO_MAX_STAKE, CASINO_MAX_WIN_LIMIT };

/**
 * Casino (docs/product.md#screens /casinolist, /casino/{gameid}; docs/decisions.md#silent-rules "Casino"). The frame URL is
 * `CASINO_URL/{gameid}?company={COMPANY}&token={launch token}`: a token minted for that one launch
 * (single use, one minute) that the provider exchanges server-to-server for the player. The bearer
 * token never leaves our origin.
 */

export const casinoGameId = z.enum(CASINO_GAME_IDS);
export type CasinoGameId = z.infer<typeof casinoGameId>;

export const casinoLaunch = endpoint({
  method: 'POST',
  path: '/api/Casino/Launch',
  audience: 'client',
  summary: "Mints a one-use launch token and answers the game frame's URL",
  body: z.object({ gameId: casinoGameId }).strict(),
  response: envelope(z.object({ Url: z.string(), ExpiresAt: z.string() })),
});

/**
 * The provider's side (audience `provider`: `Authorization: Bearer <CASINO_SECRET>`), called
 * server-to-server by the casino provider, never by a browser.
 */

/** Exchanges a launch token (once, within its minute) for the player's session with the provider. */
export const casinoProviderSession = endpoint({
  method: 'POST',
  path: '/api/CasinoProvider/Session',
  audience: 'provider',
  summary: 'Exchanges a launch token for the player',
  body: z.object({ token: z.string().min(1).max(200) }).strict(),
  response: envelope(
    z.object({
      playerId: z.string(),
      name: z.string(),
      gameId: casinoGameId,
      balance: rupees,
      winLimit: rupees,
      /** Opaque session the provider names in wallet calls (expires with inactivity). */
      session: z.string(),
    }),
  ),
});

const roundId = z
  .string()
  .regex(/^[A-Za-z0-9_-]{8,64}$/, 'must be 8 to 64 letters, digits, _ or -');

/** Holds `amount` for a round (idempotent per `roundId`). */
export const casinoProviderDebit = endpoint({
  method: 'POST',
  path: '/api/CasinoProvider/Debit',
  audience: 'provider',
  summary: "Holds a round's stake from the player's balance",
  body: z
    .object({
      session: z.string().min(1).max(200),
      roundId,
      amount: rupees.positive().max(CASINO_MAX_STAKE),
    })
    .strict(),
  response: envelope(z.object({ balance: rupees, roundId: z.string() })),
  movesMoney: true,
});

/**
 * Settles a round: `amount` is what the round pays back including the stake (0 for a loss).
 * Net winnings above the player's winning limit are not paid. Idempotent per `roundId`.
 */
export const casinoProviderCredit = endpoint({
  method: 'POST',
  path: '/api/CasinoProvider/Credit',
  audience: 'provider',
  summary: 'Settles a round as a ledger pair with MarketType CASINO',
  body: z
    .object({
      session: z.string().min(1).max(200),
      roundId,
      amount: rupees.nonnegative().max(CASINO_MAX_PAYOUT),
      detail: z.string().max(200),
    })
    .strict(),
  response: envelope(z.object({ balance: rupees, roundId: z.string(), paid: rupees })),
  movesMoney: true,
});

export const casinoProviderBalance = endpoint({
  method: 'POST',
  path: '/api/CasinoProvider/Balance',
  audience: 'provider',
  summary: "The player's balance",
  body: z.object({ session: z.string().min(1).max(200) }).strict(),
  response: envelope(z.object({ balance: rupees })),
});

/**
 * The operator's per-client winning limit (house rules: net winnings of a round above it are not
 * paid); `rupees: null` puts the client back on the server's default (CASINO_WIN_LIMIT).
 */
export const setWinningLimit = endpoint({
  method: 'POST',
  path: '/api/ops/set-winning-limit',
  audience: 'ops',
  summary: "Set a client's casino winning limit, or clear it back to the default",
  body: z
    .object({
      // The ops area's username rule, repeated so that the lobby's chunk does not load the ops schemas.
      username: z
        .string()
        .regex(
          /^[A-Za-z0-9_.-]{3,32}$/,
          'username must be 3–32 letters, digits, dots, dashes or underscores',
        ),
      rupees: rupees.nonnegative().max(CASINO_MAX_WIN_LIMIT).nullable(),
    })
    .strict(),
  response: envelope(z.string()),
});
