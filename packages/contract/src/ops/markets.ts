/**
 * Events and markets through the operator token: locks (docs/decisions.md#event-lock),
 * suspensions, and custom fancy and bookmaker rows (docs/product.md#entities).
 */
import { z } from 'zod';
import { endpoint, envelope } from '../common.js';
import { eventId, fancySelectionId, marketId, wholeRupees } from './fields.js';

export const eventBody = z.object({ eventId });
export const marketBody = z.object({ marketId });

/** The operator's event lock: every cell suspended, fancy rows SUSPENDED with dashes (docs/decisions.md#silent-rules). */
export const lockEvent = endpoint({
  method: 'POST',
  path: '/api/ops/lock-event',
  audience: 'ops',
  summary: 'Lock betting on an event',
  body: eventBody,
  response: envelope(z.string()),
});

export const unlockEvent = endpoint({
  method: 'POST',
  path: '/api/ops/unlock-event',
  audience: 'ops',
  summary: 'Unlock betting on an event',
  body: eventBody,
  response: envelope(z.string()),
});

export const suspendMarket = endpoint({
  method: 'POST',
  path: '/api/ops/suspend-market',
  audience: 'ops',
  summary: 'Suspend a market whatever the feed says',
  body: marketBody,
  response: envelope(z.string()),
});

export const resumeMarket = endpoint({
  method: 'POST',
  path: '/api/ops/resume-market',
  audience: 'ops',
  summary: "Lift the operator's suspension of a market",
  body: marketBody,
  response: envelope(z.string()),
});

const price = z.number().int().min(0).max(100_000);

/** docs/product.md#entities custom fancy row: a custom row overrides prices and GameStatus; an active row its min and max. */
export const customFancyBody = z.object({
  eventId,
  selectionId: fancySelectionId,
  runnerName: z.string().min(1).max(100),
  isCustome: z.boolean(),
  isActive: z.boolean(),
  backPrice: price,
  backSize: price,
  layPrice: price,
  laySize: price,
  gameStatus: z.string().max(40).default(''),
  min: wholeRupees,
  max: wholeRupees,
});
export type CustomFancyBody = z.infer<typeof customFancyBody>;

export const setCustomFancy = endpoint({
  method: 'POST',
  path: '/api/ops/set-custom-fancy',
  audience: 'ops',
  summary: 'Add or change a custom fancy row',
  body: customFancyBody,
  response: envelope(z.string()),
});

/** docs/product.md#entities custom bookmaker row (odds per 100). */
export const customBookmakerBody = z.object({
  marketId: z.string().regex(/^\d+B$/, 'marketId must be <EventId>B'),
  selectionId: z.number().int().positive(),
  runnerName: z.string().min(1).max(100),
  isCustome: z.boolean(),
  isActive: z.boolean(),
  status: z.enum(['ACTIVE', 'SUSPENDED']),
  backPrice: price,
  backSize: price,
  layPrice: price,
  laySize: price,
});
export type CustomBookmakerBody = z.infer<typeof customBookmakerBody>;

export const setCustomBookmaker = endpoint({
  method: 'POST',
  path: '/api/ops/set-custom-bookmaker',
  audience: 'ops',
  summary: 'Add or change a custom bookmaker row',
  body: customBookmakerBody,
  response: envelope(z.string()),
});
