/** News (docs/backoffice.md, "Screens"): an admin publishes a news message. */
import { z } from 'zod';
import { endpoint, envelope } from '../common.js';
import { ADMIN } from './roles.js';

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
