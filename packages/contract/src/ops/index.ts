import { z } from 'zod';
import { endpoint, envelope, rupees } from '../common.js';

export const username = z
  .string()
  .regex(
    /^[A-Za-z0-9_.-]{3,32}$/,
    'username must be 3–32 letters, digits, dots, dashes or underscores',
  );

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

export const newsBody = z.object({
  message: z
    .string()
    .min(1)
    .max(500)
    .refine((value) => value.trim().length > 0, { message: 'message must not be blank' }),
});
export type NewsBody = z.infer<typeof newsBody>;

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

export const postNews = endpoint({
  method: 'POST',
  path: '/api/ops/news',
  audience: 'ops',
  summary: 'Publish a news message',
  body: newsBody,
  response: envelope(z.string()),
});
