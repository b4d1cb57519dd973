import { z } from 'zod';
import { endpoint, envelope, refusal } from '../common.js';

const latLong = z
  .string()
  .max(64)
  .refine(
    (value) => {
      const match = /^\s*(-?\d{1,3}(?:\.\d+)?)\s*,\s*(-?\d{1,3}(?:\.\d+)?)\s*$/.exec(value);
      if (!match) return false;
      const lat = Number(match[1]);
      const long = Number(match[2]);
      return Math.abs(lat) <= 90 && Math.abs(long) <= 180;
    },
    {
      message: "LatLong must be 'lat,long' with a latitude within ±90 and a longitude within ±180",
    },
  );

export const loginBody = z.object({
  // docs/product.md#validation: required after trimming; the server trims, the schema only checks (no transforms).
  username: z
    .string()
    .max(64, 'Username is too long')
    .refine((value) => value.trim().length > 0, { message: 'Username is required' }),
  password: z.string().min(1, 'Password is required').max(256, 'Password is too long'),
  LatLong: latLong,
});
export type LoginBody = z.infer<typeof loginBody>;

export const loginData = z.object({
  Token: z.string(),
  uid: z.number().int(),
  UserName: z.string(),
  IsValidToken: z.string(),
});
export type LoginData = z.infer<typeof loginData>;

/** docs/product.md#entities, #calls: POST login with `ipAddress` in the query; no auth. */
export const validLogin = endpoint({
  method: 'POST',
  path: '/api/Authenticate/ValidLogin',
  audience: 'public',
  summary: 'Log in; a new login revokes the older session of the same client',
  query: z.object({ ipAddress: z.string().max(64).optional() }),
  body: loginBody,
  response: z.union([
    z.object({ Status: z.literal(true), Result: z.string(), data: loginData }),
    refusal,
  ]),
});

/** docs/product.md#states: the session check compares `Result` with the stored IsValidToken. */
export const checkIsValid = endpoint({
  method: 'GET',
  path: '/api/Authenticate/checkIsValid',
  audience: 'client',
  summary: "The session's validity value",
  response: envelope(z.string()),
});

/**
 * Why a session ended: `new_login` (a login of the same client elsewhere replaced it),
 * `password_changed` (a password change in another session ended it), `expired` (idle or too
 * old), `logged_out`, `session_limit` (the client's session time limit ran out), `time_out` or
 * `self_excluded` (the client chose a time-out or a self-exclusion; docs/safer-gambling.md). Not
 * in the product's rules (docs/product.md): the web asks it after a 401 to explain the logout.
 */
export const sessionEndReason = z.enum([
  'new_login',
  'password_changed',
  'expired',
  'logged_out',
  'session_limit',
  'time_out',
  'self_excluded',
  'account_locked',
]);
export type SessionEndReason = z.infer<typeof sessionEndReason>;

/**
 * Asked with the ended session's own bearer token, which `client` routes refuse with a bare 401:
 * so the audience is public and the handler reads the token itself. A live session, an unknown
 * token or none is a refusal. Ours, beyond docs/product.md#states (session check) and #errors (401).
 */
export const getSessionEnd = endpoint({
  method: 'GET',
  path: '/api/Authenticate/sessionEnd',
  audience: 'public',
  summary: "Why the bearer token's session ended",
  response: envelope(sessionEndReason),
});

export const logout = endpoint({
  method: 'GET',
  path: '/api/Authenticate/logout',
  audience: 'client',
  summary: 'Revoke the current session',
  response: envelope(z.string()),
});
