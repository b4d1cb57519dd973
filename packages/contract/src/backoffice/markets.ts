/**
 * The markets board (docs/backoffice.md, "Operators": the `risk` role): events with their markets,
 * locks, suspensions, custom rows, and results declared, voided or rolled back.
 */
import { z } from 'zod';
import { endpoint, envelope, isoDateTime } from '../common.js';
import { customBookmakerBody, customFancyBody } from '../ops/markets.js';
import { declareResultBody } from '../ops/settlement.js';
import { reason } from './fields.js';
import { RISK } from './roles.js';

export const boEvent = z.object({
  eventId: z.number().int(),
  sportId: z.number().int(),
  seriesName: z.string(),
  name: z.string(),
  status: z.string(),
  startTime: isoDateTime,
  isLocked: z.boolean(),
  markets: z.array(
    z.object({
      marketId: z.string(),
      name: z.string(),
      status: z.string(),
      /** Suspended by an operator, whatever the feed says. */
      isSuspendedByOperator: z.boolean(),
      /** The settlement's state: none, settled, voided or rolled_back. */
      settlement: z.string(),
      runners: z.array(z.object({ selectionId: z.string(), name: z.string() })),
    }),
  ),
  fancy: z.array(
    z.object({
      selectionId: z.string(),
      name: z.string(),
      isCustom: z.boolean(),
      settlement: z.string(),
    }),
  ),
});
export type BoEvent = z.infer<typeof boEvent>;

export const boEvents = endpoint({
  method: 'GET',
  path: '/api/backoffice/events',
  audience: 'operator',
  roles: RISK,
  summary: 'Open and recent events with their markets, locks, suspensions and settlements',
  response: envelope(z.array(boEvent)),
});

const eventId = z.number().int().positive();
const marketTarget = z.string().min(3).max(40);

export const boLockEvent = endpoint({
  method: 'POST',
  path: '/api/backoffice/lock-event',
  audience: 'operator',
  roles: RISK,
  summary: 'Lock or unlock betting on an event',
  body: z.object({ eventId, locked: z.boolean() }),
  response: envelope(z.string()),
});

export const boSuspendMarket = endpoint({
  method: 'POST',
  path: '/api/backoffice/suspend-market',
  audience: 'operator',
  roles: RISK,
  summary: 'Suspend or resume a market',
  body: z.object({ marketId: marketTarget, suspended: z.boolean() }),
  response: envelope(z.string()),
});

export const boCustomFancy = endpoint({
  method: 'POST',
  path: '/api/backoffice/custom-fancy',
  audience: 'operator',
  roles: RISK,
  summary: 'Add or change a custom fancy row',
  body: customFancyBody,
  response: envelope(z.string()),
});

export const boCustomBookmaker = endpoint({
  method: 'POST',
  path: '/api/backoffice/custom-bookmaker',
  audience: 'operator',
  roles: RISK,
  summary: 'Add or change a custom bookmaker row',
  body: customBookmakerBody,
  response: envelope(z.string()),
});

export const boDeclareResult = endpoint({
  method: 'POST',
  path: '/api/backoffice/declare-result',
  audience: 'operator',
  roles: RISK,
  summary: 'Settle a market with its winner, or a fancy session with its final runs',
  body: declareResultBody,
  response: envelope(z.string()),
  movesMoney: true,
});

export const boVoid = endpoint({
  method: 'POST',
  path: '/api/backoffice/void',
  audience: 'operator',
  roles: RISK,
  summary: 'Void a market or fancy session (stakes returned); the client sees the reason',
  body: z.object({ target: marketTarget, reason }),
  response: envelope(z.string()),
  movesMoney: true,
});

export const boRollback = endpoint({
  method: 'POST',
  path: '/api/backoffice/rollback',
  audience: 'operator',
  roles: RISK,
  summary: 'Undo a settlement; bets back to pending',
  body: z.object({ target: marketTarget, reason }),
  response: envelope(z.string()),
  movesMoney: true,
});
