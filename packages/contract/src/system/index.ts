import { z } from 'zod';
import { endpoint, success } from '../common.js';

export const health = endpoint({
  method: 'GET',
  path: '/api/health',
  audience: 'public',
  summary: 'Liveness and database reachability',
  response: success(z.object({ status: z.literal('ok'), database: z.literal('up') })),
});
