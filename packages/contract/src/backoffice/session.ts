/**
 * An operator's session (docs/backoffice.md, "Operators"): login with password and TOTP code, who is
 * logged in, logout, and the hub ticket of the risk screen.
 */
import { z } from 'zod';
import { endpoint, envelope } from '../common.js';
import { username } from '../ops/fields.js';
import { operatorRole, READERS } from './roles.js';

/** A six-digit TOTP code (RFC 6238, 30 s steps, SHA-1). */
const totpCode = z.string().regex(/^\d{6}$/, 'code must be the six digits of your authenticator');

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
