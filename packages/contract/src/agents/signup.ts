/**
 * Sign-up through an agent (docs/agents.md#sign-up): a visitor asks to become a client of the
 * user whose referral code it gives; that user lists its waiting requests and approves (with its
 * transaction password, creating the client under it) or declines each. A request of another
 * user answers as if it did not exist.
 */
import { z } from 'zod';
import { endpoint, isoDateTime, success } from '../common.js';
import { answer, refusalNaming } from './answer.js';
import { skip, take } from '../backoffice/fields.js';
import { username } from '../ops/fields.js';

/** The form's fields a refusal may name, for the form to show it beside that field. */
export const SIGNUP_FIELDS = [
  'username',
  'password',
  'name',
  'mobile',
  'referralCode',
  'adult',
] as const;
export const signupField = z.enum(SIGNUP_FIELDS);
export type SignupField = z.infer<typeof signupField>;

export const signupBody = z.object({
  username,
  password: z.string().min(8, 'password must be at least 8 characters').max(256),
  /** The visitor's own name, for the agent. */
  name: z
    .string()
    .max(64, 'name must be at most 64 characters')
    .refine((value) => value.trim().length >= 2, { message: 'enter your name' }),
  /** India's only. */
  countryCode: z.literal('+91', 'the country code must be +91'),
  mobile: z.string().regex(/^[6-9]\d{9}$/, 'mobile must be 10 digits starting with 6, 7, 8 or 9'),
  /** Absent or blank: refused in the envelope, naming the field. Any case, spaces and dashes. */
  referralCode: z.string().max(32, 'referralCode must be at most 32 characters').optional(),
  adult: z.literal(true, 'confirm that you are over 18'),
});
export type SignupBody = z.infer<typeof signupBody>;

/** Public: the request sent (`Result` says what happens next), or refused with the field to fix. */
export const signupRequest = endpoint({
  method: 'POST',
  path: '/api/signup/request',
  audience: 'public',
  summary: 'Ask to join as a client of the agent whose referral code is given (the agent decides)',
  body: signupBody,
  response: z.union([success(z.string()), refusalNaming(signupField)]),
});

/** A request waiting for the caller's decision. */
export const signupRequestRow = z.object({
  id: z.number().int().positive(),
  username: z.string(),
  name: z.string(),
  /** +91 and ten digits, as the visitor gave it: the agent confirms it with them. */
  mobile: z.string(),
  createdAt: isoDateTime,
});
export type SignupRequestRow = z.infer<typeof signupRequestRow>;

export const agentSignupRequests = endpoint({
  method: 'GET',
  path: '/api/agent/signup-requests',
  audience: 'agent',
  summary: "The sign-up requests waiting for the caller's decision, oldest first, paged",
  query: z.object({ skip, take }),
  response: answer(z.object({ total: z.number().int(), requests: z.array(signupRequestRow) })),
});

const requestId = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);

export const agentSignupApprove = endpoint({
  method: 'POST',
  path: '/api/agent/signup-approve',
  audience: 'agent',
  summary:
    'Approve a sign-up request: its client is created under the caller (credit reference 0, no commission)',
  body: z.object({
    id: requestId,
    transactionPassword: z.string().min(1, 'Enter your transaction password').max(256),
  }),
  response: answer(z.string()),
});

export const agentSignupDecline = endpoint({
  method: 'POST',
  path: '/api/agent/signup-decline',
  audience: 'agent',
  summary: 'Decline a sign-up request',
  body: z.object({ id: requestId }),
  response: answer(z.string()),
});
