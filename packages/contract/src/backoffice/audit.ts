/**
 * The operator audit log (docs/backoffice.md, "Operator actions: audited, and never paid twice"):
 * one entry per operator action, with the state before and after.
 */
import { z } from 'zod';
import { endpoint, envelope, isoDateTime } from '../common.js';
import { skip, take } from './fields.js';
import { ADMIN } from './roles.js';

export const auditEntry = z.object({
  id: z.string(),
  at: isoDateTime,
  operator: z.string(),
  action: z.string(),
  target: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  outcome: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntry>;

export const boAudit = endpoint({
  method: 'GET',
  path: '/api/backoffice/audit',
  audience: 'operator',
  roles: ADMIN,
  summary: 'The operator audit log, newest first',
  query: z.object({ skip, take, operator: z.string().max(32).optional() }),
  response: envelope(z.object({ total: z.number().int(), entries: z.array(auditEntry) })),
});
