/**
 * The risk book (docs/backoffice.md, "Live risk"): the house's result per market and fancy session
 * with open bets, and the clients most exposed on each.
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

export const riskBook = endpoint({
  method: 'GET',
  path: '/api/backoffice/risk',
  audience: 'operator',
  roles: RISK,
  summary: "The house's book on every market and fancy session with open bets",
  response: envelope(
    z.object({
      at: isoDateTime,
      markets: z.array(riskMarket),
      fancy: z.array(riskFancy),
      /** The sum of every market's and session's house exposure. */
      totalExposure: rupees,
    }),
  ),
});
