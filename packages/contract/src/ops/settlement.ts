/**
 * Settlement through the operator token (docs/decisions.md#money): results declared, voided or
 * rolled back, and a client's commission on net market wins.
 */
import { z } from 'zod';
import { endpoint, envelope } from '../common.js';
import { eventId, fancySelectionId, marketId, username } from './fields.js';

const settlementTarget = z
  .string()
  .regex(
    /^(1\.\d+|\d+(B|T|TM|CM|OU15|OU25|OU35|SW[1-5])|\d+-\d+)$/,
    'target must be a market id or a fancy selection id (<EventId>-<n>)',
  );

/** A winner for a market, or the final runs for a fancy session (docs/decisions.md#money). */
export const declareResultBody = z.union([
  z.object({ marketId, winnerSelectionId: z.number().int().positive() }),
  z.object({ eventId, selectionId: fancySelectionId, runs: z.number().int().nonnegative() }),
]);
export type DeclareResultBody = z.infer<typeof declareResultBody>;

export const declareResult = endpoint({
  method: 'POST',
  path: '/api/ops/declare-result',
  audience: 'ops',
  summary: 'Settle a market with its winner, or a fancy session with its final runs',
  body: declareResultBody,
  response: envelope(z.string()),
  movesMoney: true,
});

export const voidMarket = endpoint({
  method: 'POST',
  path: '/api/ops/void-market',
  audience: 'ops',
  summary: 'Void a market or fancy session: stakes returned',
  body: z.object({ target: settlementTarget, reason: z.string().min(1).max(200) }),
  response: envelope(z.string()),
  movesMoney: true,
});

export const rollbackResult = endpoint({
  method: 'POST',
  path: '/api/ops/rollback',
  audience: 'ops',
  summary: 'Undo a settlement with compensating ledger rows; bets back to Pending',
  body: z.object({ target: settlementTarget, reason: z.string().min(1).max(200) }),
  response: envelope(z.string()),
  movesMoney: true,
});

export const setCommission = endpoint({
  method: 'POST',
  path: '/api/ops/set-commission',
  audience: 'ops',
  summary: "Set a client's commission on net market wins, in percent",
  body: z.object({
    username,
    percent: z
      .number()
      .min(0)
      .max(100)
      .refine((value) => Math.abs(Math.round(value * 100) - value * 100) < 1e-9, {
        message: 'at most two decimals',
      }),
  }),
  response: envelope(z.string()),
});
