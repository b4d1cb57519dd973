/**
 * Matka through the operator token: a market's result, and a new game on the daily Asia/Kolkata
 * schedule (docs/decisions.md#feed).
 */
import { z } from 'zod';
import { endpoint, envelope } from '../common.js';

/** Declare a matka market's result (`mid` = the Mid); the first result of a market wins. */
export const matkaResultBody = z.object({
  mid: z.number().int().positive(),
  result: z.string().regex(/^\d{2}$/, 'result must be a number from 00 to 99'),
});
export type MatkaResultBody = z.infer<typeof matkaResultBody>;

export const matkaResult = endpoint({
  method: 'POST',
  path: '/api/ops/matka-result',
  audience: 'ops',
  summary: "Declare a matka market's result and settle its bets",
  body: matkaResultBody,
  response: envelope(z.string()),
  movesMoney: true,
});

/** A time of day on the matka schedule, in Asia/Kolkata. */
const clockTime = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'a time of day is HH:MM, from 00:00 to 23:59');

export const matkaGameBody = z.object({
  name: z.string().trim().min(1, 'a matka game needs a name').max(40),
  /** Its name in Hindi on the board; the name when not given. */
  hindi: z.string().trim().min(1).max(40).optional(),
  opens: clockTime,
  /** At or before `opens`: the game crosses midnight and closes the next day. */
  closes: clockTime,
});
export type MatkaGameBody = z.infer<typeof matkaGameBody>;

/** A new game on the daily matka schedule (Asia/Kolkata), with its markets from today on. */
export const matkaGame = endpoint({
  method: 'POST',
  path: '/api/ops/matka-game',
  audience: 'ops',
  summary: 'Add a matka game to the daily schedule',
  body: matkaGameBody,
  response: envelope(z.string()),
});
