/**
 * Matka and casino operations (docs/architecture.md, "Operator voids and rollbacks (casino,
 * matka)"): matka markets with their results, declared, voided or rolled back, and casino rounds
 * still open, voided.
 */
import { z } from 'zod';
import { endpoint, envelope, isoDateTime, rupees } from '../common.js';
import { matkaResultBody } from '../ops/matka.js';
import { reason } from './fields.js';
import { RISK } from './roles.js';

export const boMatkaMarkets = endpoint({
  method: 'GET',
  path: '/api/backoffice/matka',
  audience: 'operator',
  roles: RISK,
  summary: 'Matka markets of the last days with their results and totals',
  response: envelope(
    z.array(
      z.object({
        mid: z.number().int(),
        game: z.string(),
        openAt: isoDateTime,
        closeAt: isoDateTime,
        status: z.string(),
        result: z.string().nullable(),
        bets: z.number().int().nonnegative(),
        staked: rupees,
      }),
    ),
  ),
});

export const boMatkaDeclare = endpoint({
  method: 'POST',
  path: '/api/backoffice/matka-declare',
  audience: 'operator',
  roles: RISK,
  summary: "Declare a matka market's result and settle its bets",
  body: matkaResultBody,
  response: envelope(z.string()),
  movesMoney: true,
});

const midBody = z.object({ mid: z.number().int().positive(), reason });

export const boMatkaVoid = endpoint({
  method: 'POST',
  path: '/api/backoffice/matka-void',
  audience: 'operator',
  roles: RISK,
  summary: 'Void a matka market: every stake returned',
  body: midBody,
  response: envelope(z.string()),
  movesMoney: true,
});

export const boMatkaRollback = endpoint({
  method: 'POST',
  path: '/api/backoffice/matka-rollback',
  audience: 'operator',
  roles: RISK,
  summary: "Undo a matka market's result or void; its bets back to pending",
  body: midBody,
  response: envelope(z.string()),
  movesMoney: true,
});

export const boCasinoRounds = endpoint({
  method: 'GET',
  path: '/api/backoffice/casino-rounds',
  audience: 'operator',
  roles: RISK,
  summary: 'Casino rounds still open (stake held), oldest first',
  response: envelope(
    z.array(
      z.object({
        roundId: z.string(),
        username: z.string(),
        gameId: z.string(),
        stake: rupees,
        openedAt: isoDateTime,
      }),
    ),
  ),
});

export const boCasinoVoid = endpoint({
  method: 'POST',
  path: '/api/backoffice/casino-void',
  audience: 'operator',
  roles: RISK,
  summary: 'Void a stuck casino round: its stake released, once',
  body: z.object({
    roundId: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'must be a round id'),
    reason,
  }),
  response: envelope(z.string()),
  movesMoney: true,
});
