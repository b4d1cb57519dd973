/** News through the operator token: publishing a news message. */
import { z } from 'zod';
import { endpoint, envelope } from '../common.js';

export const newsBody = z.object({
  message: z
    .string()
    .min(1)
    .max(500)
    .refine((value) => value.trim().length > 0, { message: 'message must not be blank' }),
});
export type NewsBody = z.infer<typeof newsBody>;

export const postNews = endpoint({
  method: 'POST',
  path: '/api/ops/news',
  audience: 'ops',
  summary: 'Publish a news message',
  body: newsBody,
  response: envelope(z.string()),
});
