import { z } from 'zod';
import { endpoint, envelope, isoDateTime, rupees } from '../common.js';
import {
  customBookmakerBody,
  customFancyBody,
  declareResultBody,
  limitCeilingBody,
  matkaResultBody,
  username,
} from '../ops/index.js';
import { exclusionWire, limitWire } from '../safer/index.js';
import { OPERATOR_ROLES, type OperatorRole } from './values.js';

export { OPERATOR_ROLES, type OperatorRole };

/**
 * The back office (docs/backoffice.md): operators with their own accounts, TOTP and roles, under
 * `/api/backoffice/`. Every route but login names the roles that may call it; `admin` may call
 * every route. A call that moves money honours `Idempotency-Key` per operator (docs/decisions.md#api).
 */
export const operatorRole = z.enum(OPERATOR_ROLES);

const ADMIN = ['admin'] as const satisfies readonly OperatorRole[];
const RISK = ['admin', 'risk'] as const satisfies readonly OperatorRole[];
const READERS = ['admin', 'risk', 'support'] as const satisfies readonly OperatorRole[];
const CLIENT_READERS = ['admin', 'support'] as const satisfies readonly OperatorRole[];

/** A six-digit TOTP code (RFC 6238, 30 s steps, SHA-1). */
const totpCode = z.string().regex(/^\d{6}$/, 'code must be the six digits of your authenticator');

const reason = z
  .string()
  .max(200)
  .refine((text) => text.trim().length >= 3, { message: 'Give a reason of at least 3 characters' });

const skip = z
  .string()
  .regex(/^\d{1,9}$/, 'must be a whole number')
  .optional();
const take = z
  .string()
  .regex(/^([1-9]\d?|100)$/, 'must be 1–100')
  .optional();

export const operatorLogin = endpoint({
  method: 'POST',
  path: '/api/backoffice/login',
  audience: 'public',
  summary: 'Log an operator in with password and TOTP code',
  body: z.object({
    username,
    password: z.string().min(1).max(256),
    code: totpCode,
  }),
  response: envelope(
    z.object({
      token: z.string(),
      username: z.string(),
      role: operatorRole,
      /** Seconds of inactivity after which the session ends. */
      idleS: z.number().int().positive(),
    }),
  ),
});

export const operatorMe = endpoint({
  method: 'GET',
  path: '/api/backoffice/me',
  audience: 'operator',
  roles: READERS,
  summary: 'The operator of this session',
  response: envelope(z.object({ username: z.string(), role: operatorRole })),
});

export const operatorLogout = endpoint({
  method: 'POST',
  path: '/api/backoffice/logout',
  audience: 'operator',
  roles: READERS,
  summary: "End the operator's session",
  response: envelope(z.string()),
});

/**
 * A single-use hub ticket for an operator's session (docs/decisions.md#hub): the back office hears
 * `RiskChanged` through the hub and reads the risk book again.
 */
export const operatorHubTicket = endpoint({
  method: 'POST',
  path: '/api/backoffice/hub-ticket',
  audience: 'operator',
  roles: READERS,
  summary: 'A single-use hub ticket for the back office, valid for 60 s',
  response: envelope(z.object({ ticket: z.string() })),
});

// ---- Risk ----

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

// ---- Markets ----

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

// ---- Clients ----

export const boClient = z.object({
  clientId: z.string(),
  username: z.string(),
  mainBalance: rupees,
  creditLimit: rupees,
  exposure: rupees,
  isBettingLocked: z.boolean(),
  createdAt: isoDateTime,
  lastLoginAt: isoDateTime.nullable(),
});
export type BoClient = z.infer<typeof boClient>;

export const boClients = endpoint({
  method: 'GET',
  path: '/api/backoffice/clients',
  audience: 'operator',
  roles: CLIENT_READERS,
  summary: 'Clients, searched by username',
  query: z.object({ search: z.string().max(32).optional(), skip, take }),
  response: envelope(z.object({ total: z.number().int(), clients: z.array(boClient) })),
});

const clientIdParam = z.object({ clientId: z.string().regex(/^\d{1,18}$/, 'must be a client id') });

export const boClientDetail = endpoint({
  method: 'GET',
  path: '/api/backoffice/clients/:clientId',
  audience: 'operator',
  roles: CLIENT_READERS,
  summary: "A client's wallet, exposure per market, latest statement rows and bets",
  params: clientIdParam,
  response: envelope(
    z.object({
      client: boClient,
      positions: z.array(
        z.object({ eventName: z.string(), positionKey: z.string(), exposure: rupees }),
      ),
      statement: z.array(
        z.object({
          at: isoDateTime,
          amount: rupees,
          balance: rupees,
          kind: z.string(),
          remark: z.string(),
        }),
      ),
      bets: z.array(
        z.object({
          betId: z.string(),
          placedAt: isoDateTime,
          eventName: z.string(),
          market: z.string(),
          selection: z.string(),
          side: z.string(),
          odds: z.number(),
          stake: rupees,
          status: z.string(),
          result: rupees.nullable(),
        }),
      ),
      /** Safer betting (docs/safer-gambling.md): the client's limits and exclusion. */
      safer: z.object({
        limits: z.array(limitWire),
        exclusion: exclusionWire.nullable(),
      }),
    }),
  ),
});

export const boCreateClient = endpoint({
  method: 'POST',
  path: '/api/backoffice/create-client',
  audience: 'operator',
  roles: ADMIN,
  summary: 'Create a client, optionally with credit',
  body: z.object({
    username,
    password: z.string().min(8, 'password must be at least 8 characters').max(256),
    creditLimit: rupees.nonnegative().optional(),
  }),
  response: envelope(z.string()),
  movesMoney: true,
});

export const boCredit = endpoint({
  method: 'POST',
  path: '/api/backoffice/credit',
  audience: 'operator',
  roles: ADMIN,
  summary: "Give (positive) or take (negative) a client's credit",
  body: z.object({
    username,
    amount: rupees.refine((value) => value !== 0, { message: 'amount must not be zero' }),
    remark: z.string().min(1).max(200).optional(),
  }),
  response: envelope(z.string()),
  movesMoney: true,
});

export const boLockBetting = endpoint({
  method: 'POST',
  path: '/api/backoffice/lock-betting',
  audience: 'operator',
  roles: ADMIN,
  summary: "Lock or unlock a client's betting",
  body: z.object({ username, locked: z.boolean() }),
  response: envelope(z.string()),
});

/** Safer betting: a ceiling on one of a client's limits (null lifts it), in force at once. */
export const boLimitCeiling = endpoint({
  method: 'POST',
  path: '/api/backoffice/limit-ceiling',
  audience: 'operator',
  roles: ADMIN,
  summary: "Set or lift the ceiling of one of a client's limits",
  body: limitCeilingBody,
  response: envelope(z.string()),
});

/** Safer betting: lifts a self-exclusion that has ended (refused before its end). */
export const boLiftExclusion = endpoint({
  method: 'POST',
  path: '/api/backoffice/lift-exclusion',
  audience: 'operator',
  roles: ADMIN,
  summary: "Lift a client's ended self-exclusion",
  body: z.object({ username }),
  response: envelope(z.string()),
});

export const boResetPassword = endpoint({
  method: 'POST',
  path: '/api/backoffice/reset-password',
  audience: 'operator',
  roles: ADMIN,
  summary: "Set a client's password; their sessions end",
  body: z.object({
    username,
    password: z.string().min(8, 'password must be at least 8 characters').max(256),
  }),
  response: envelope(z.string()),
});

// ---- Matka and casino ----

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

// ---- News and audit ----

export const boNews = endpoint({
  method: 'POST',
  path: '/api/backoffice/news',
  audience: 'operator',
  roles: ADMIN,
  summary: 'Publish a news message',
  body: z.object({
    message: z
      .string()
      .min(1)
      .max(500)
      .refine((value) => value.trim().length > 0, { message: 'message must not be blank' }),
  }),
  response: envelope(z.string()),
});

export const auditEntry = z.object({
  id: z.string(),
  at: isoDateTime,
  operator: z.string(),
  action: z.string(),
  target: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  outcome: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntry>;

export const boAudit = endpoint({
  method: 'GET',
  path: '/api/backoffice/audit',
  audience: 'operator',
  roles: ADMIN,
  summary: 'The operator audit log, newest first',
  query: z.object({ skip, take, operator: z.string().max(32).optional() }),
  response: envelope(z.object({ total: z.number().int(), entries: z.array(auditEntry) })),
});
