/**
 * Clients through the operator token (docs/backoffice.md, "Client controls"): creating one,
 * credit, and safer-betting ceilings and exclusions.
 */
import { z } from 'zod';
import { endpoint, envelope, rupees } from '../common.js';
import { limitKind } from '../safer/index.js';
import { username } from './fields.js';

export const createClientBody = z.object({
  username,
  password: z.string().min(8, 'password must be at least 8 characters').max(256),
  creditLimit: rupees.nonnegative().optional(),
});
export type CreateClientBody = z.infer<typeof createClientBody>;

export const creditBody = z.object({
  username,
  amount: rupees.refine((value) => value !== 0, { message: 'amount must not be zero' }),
  remark: z.string().min(1).max(200).optional(),
});
export type CreditBody = z.infer<typeof creditBody>;

export const createClient = endpoint({
  method: 'POST',
  path: '/api/ops/create-client',
  audience: 'ops',
  summary: 'Create a client, optionally with credit',
  body: createClientBody,
  response: envelope(z.string()),
  movesMoney: true,
});

/** Give (positive) or take (negative) credit, as a ledger pair with the house. */
export const credit = endpoint({
  method: 'POST',
  path: '/api/ops/credit',
  audience: 'ops',
  summary: 'Give or take credit',
  body: creditBody,
  response: envelope(z.string()),
  movesMoney: true,
});

/** Safer betting (docs/safer-gambling.md): a ceiling on a client's limit, whole rupees or minutes. */
export const limitCeilingBody = z.object({
  username,
  kind: limitKind,
  ceiling: z.number().int().positive().max(1_000_000_000).nullable(),
});
export type LimitCeilingBody = z.infer<typeof limitCeilingBody>;

export const limitCeiling = endpoint({
  method: 'POST',
  path: '/api/ops/limit-ceiling',
  audience: 'ops',
  summary: "Set or lift the ceiling of one of a client's limits",
  body: limitCeilingBody,
  response: envelope(z.string()),
});

export const liftExclusion = endpoint({
  method: 'POST',
  path: '/api/ops/lift-exclusion',
  audience: 'ops',
  summary: "Lift a client's ended self-exclusion",
  body: z.object({ username }),
  response: envelope(z.string()),
});
