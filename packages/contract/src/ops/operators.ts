/** Back-office operators through the operator token (docs/backoffice.md, "Operators"). */
import { z } from 'zod';
import { endpoint, envelope } from '../common.js';
import { username } from './fields.js';

/**
 * A back-office operator (docs/backoffice.md), made with the operator token: the first admin
 * comes from the CLI. The TOTP secret is answered once, to be entered in an authenticator app.
 */
export const createOperator = endpoint({
  method: 'POST',
  path: '/api/ops/create-operator',
  audience: 'ops',
  summary: 'Create a back-office operator with a TOTP secret',
  body: z.object({
    username,
    password: z.string().min(12, "an operator's password must be at least 12 characters").max(256),
    role: z.enum(['admin', 'risk', 'support']),
  }),
  response: envelope(
    z.object({
      username: z.string(),
      role: z.string(),
      totpSecret: z.string(),
      totpUri: z.string(),
    }),
  ),
});
