/**
 * Clients (docs/backoffice.md, "Client controls"): the list and a client's detail, creating one,
 * credit, the betting lock, safer-betting ceilings and exclusions, and a password reset.
 */
import { z } from 'zod';
import { endpoint, envelope, isoDateTime, rupees } from '../common.js';
import { limitCeilingBody } from '../ops/clients.js';
import { username } from '../ops/fields.js';
import { exclusionWire, limitWire } from '../safer/index.js';
import { skip, take } from './fields.js';
import { ADMIN, CLIENT_READERS } from './roles.js';

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
