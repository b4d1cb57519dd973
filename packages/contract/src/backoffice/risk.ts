/**
 * The risk book (docs/backoffice.md, "Live risk"): the house's result per market and fancy session
 * with open bets, per open matka market and per casino game with rounds open, and the clients most
 * exposed on each.
 */
import { z } from 'zod';
import { endpoint, envelope, isoDateTime, rupees } from '../common.js';
import { RISK } from './roles.js';

/** The house's result if this runner wins: the negated sum of every client's book on it. */
export const houseRunner = z.object({
  selectionId: z.string(),
  name: z.string(),
  house: rupees,
});

export const clientPosition = z.object({
  clientId: z.string(),
  username: z.string(),
  /** The client's worst outcome on this market (their exposure), as a positive number. */
  exposure: rupees,
  /** The client's best outcome (what the house pays if it happens). */
  best: rupees,
});

export const riskMarket = z.object({
  eventId: z.number().int(),
  eventName: z.string(),
  sportId: z.number().int(),
  marketId: z.string(),
  marketName: z.string(),
  status: z.string(),
  runners: z.array(houseRunner),
  /** What the house loses on its worst outcome (0 when it wins on every outcome). */
  houseExposure: rupees,
  openBets: z.number().int().nonnegative(),
  /** The clients with the largest exposure, largest first (at most 5). */
  topClients: z.array(clientPosition),
});
export type RiskMarket = z.infer<typeof riskMarket>;

export const riskFancy = z.object({
  eventId: z.number().int(),
  eventName: z.string(),
  selectionId: z.string(),
  name: z.string(),
  /** The house's result per final runs, over the lines where it changes. */
  ladder: z.array(z.object({ runs: z.number().int().nonnegative(), house: rupees })),
  houseExposure: rupees,
  openBets: z.number().int().nonnegative(),
  topClients: z.array(clientPosition),
});
export type RiskFancy = z.infer<typeof riskFancy>;

/**
 * An open matka market (docs/backoffice.md, "Live risk"): its pending bets, the number whose draw
 * costs the house most and what the house makes (+) or pays (−) if it is drawn.
 */
export const riskMatka = z.object({
  /** The game's EventId, as the hub's MatkaChanged names it. */
  eventId: z.number().int(),
  mid: z.number().int(),
  game: z.string(),
  /** open, closed (waiting for its draw) or rolled back (waiting for a declaration). */
  status: z.string(),
  closeAt: isoDateTime,
  staked: rupees,
  /** The number the house least wants drawn (the first, of several as bad). */
  worstNumber: z.string(),
  /** The house's result if `worstNumber` is drawn: the stakes kept less the payouts. */
  houseIfWorst: rupees,
  /** What the house loses on its worst number (0 when it wins whatever is drawn). */
  houseExposure: rupees,
  openBets: z.number().int().nonnegative(),
  topClients: z.array(clientPosition),
});
export type RiskMatka = z.infer<typeof riskMatka>;

/** The casino rounds of one game still open: their stakes are held until the provider settles. */
export const riskCasino = z.object({
  gameId: z.string(),
  game: z.string(),
  openRounds: z.number().int().nonnegative(),
  stakeHeld: rupees,
});
export type RiskCasino = z.infer<typeof riskCasino>;

export const riskBook = endpoint({
  method: 'GET',
  path: '/api/backoffice/risk',
  audience: 'operator',
  roles: RISK,
  summary:
    "The house's book on every market and fancy session with open bets, open matka markets and open casino rounds",
  response: envelope(
    z.object({
      at: isoDateTime,
      markets: z.array(riskMarket),
      fancy: z.array(riskFancy),
      matka: z.array(riskMatka),
      casino: z.array(riskCasino),
      /** Every market's and session's house exposure. */
      sportsExposure: rupees,
      /** Every open matka market's house exposure. */
      matkaExposure: rupees,
      /** The stakes of every open casino round. */
      casinoExposure: rupees,
      /** sports + matka + casino. */
      totalExposure: rupees,
    }),
  ),
});
