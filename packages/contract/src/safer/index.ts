import { EXCLUSION_PERIODS, LIMIT_KINDS } from '@backlay/domain';
import { z } from 'zod';
import { endpoint, envelope, isoDateTime, rupees } from '../common.js';

/*
 * Safer betting (docs/safer-gambling.md): the client's limits, reality check, time-out and
 * self-exclusion, all enforced by the server.
 */

/** The limits a client may set: net loss per day, week and month, stake per bet, session length. */
export const limitKind = z.enum(LIMIT_KINDS);
export type LimitKind = z.infer<typeof limitKind>;

/** A limit's amount: rupees (loss and stake limits, whole rupees) or minutes (session). */
const limitAmount = z.number().int().positive().max(1_000_000_000);

export const limitWire = z.object({
  kind: limitKind,
  /** In force now (the operator's ceiling applied); null: none. */
  value: limitAmount.nullable(),
  /** The client's own setting in force now, before the ceiling; null: none. */
  own: limitAmount.nullable(),
  /** A raise or removal waiting its 24 hours: what the limit becomes (null: none) and from when. */
  pending: z.object({ value: limitAmount.nullable(), from: isoDateTime }).nullable(),
  /** The operator's ceiling: the limit can be neither raised above it nor removed. */
  ceiling: limitAmount.nullable(),
  /**
   * Loss limits with a value: rupees that may still be lost before the period resets (the limit
   * less the period's net loss and what open bets and rounds could lose; never below 0).
   */
  left: rupees.nullable(),
  /** Loss limits: when the period (REPORT_TZ calendar day, ISO week from Monday, month) resets. */
  resetsAt: isoDateTime.nullable(),
});
export type LimitWire = z.infer<typeof limitWire>;

/** The reality check's interval in minutes; null: off. */
export const realityCheckMinutes = z
  .union([z.literal(30), z.literal(60), z.literal(120)])
  .nullable();
export type RealityCheckMinutes = z.infer<typeof realityCheckMinutes>;

export const saferSettings = z.object({
  /** Every kind, in the order of `limitKind`. */
  limits: z.array(limitWire),
  realityCheckMinutes,
  /** When this session began (the reality check counts from it). */
  sessionStartedAt: isoDateTime,
  /** When this session ends by the session limit; null without one. */
  sessionEndsAt: isoDateTime.nullable(),
});
export type SaferSettings = z.infer<typeof saferSettings>;

export const getSafer = endpoint({
  method: 'GET',
  path: '/api/safer',
  audience: 'client',
  summary: "The client's limits, what is left of them, and the reality check",
  response: envelope(saferSettings),
});

export const setLimitBody = z.object({ kind: limitKind, value: limitAmount.nullable() });
export type SetLimitBody = z.infer<typeof setLimitBody>;

/** Lowering takes effect at once; raising or removing after 24 hours (the message says when). */
export const setLimit = endpoint({
  method: 'POST',
  path: '/api/safer/limit',
  audience: 'client',
  summary: 'Set, lower, raise or remove one of the client’s limits',
  body: setLimitBody,
  response: envelope(z.object({ message: z.string(), settings: saferSettings })),
});

export const setRealityCheck = endpoint({
  method: 'POST',
  path: '/api/safer/reality-check',
  audience: 'client',
  summary: 'Choose the reality check’s interval, or turn it off',
  body: z.object({ minutes: realityCheckMinutes }),
  response: envelope(saferSettings),
});

/** What the reality check shows: this session's time, bets and net result. */
export const sessionSummary = z.object({
  startedAt: isoDateTime,
  /** Bets placed this session: exchange, bookmaker and fancy bets, matka numbers, casino rounds. */
  bets: z.number().int().nonnegative(),
  /** Net result this session in rupees (settled bets and rounds; negative: a loss). */
  net: rupees,
});
export type SessionSummary = z.infer<typeof sessionSummary>;

export const getSessionSummary = endpoint({
  method: 'GET',
  path: '/api/safer/session',
  audience: 'client',
  summary: "This session's time logged in, bets placed and net result",
  response: envelope(sessionSummary),
});

/** A time-out (24 hours, 7 or 30 days) or a self-exclusion (6 months or permanent). */
export const exclusionPeriod = z.enum(EXCLUSION_PERIODS);
export type ExclusionPeriod = z.infer<typeof exclusionPeriod>;

/** A client's exclusion as the back office shows it: its kind and end (null: permanent). */
export const exclusionWire = z.object({
  kind: z.enum(['time_out', 'self_exclusion']),
  until: isoDateTime.nullable(),
});
export type ExclusionWire = z.infer<typeof exclusionWire>;

/** Ends every session of the client at once; the login refuses until the end date. */
export const exclude = endpoint({
  method: 'POST',
  path: '/api/safer/exclude',
  audience: 'client',
  summary: 'Take a time-out or exclude oneself; logs out',
  body: z.object({ period: exclusionPeriod }),
  response: envelope(z.string()),
});
