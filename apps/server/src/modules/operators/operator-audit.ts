import type { AuditEntry } from '@backlay/contract/backoffice';
import type { Db } from '../../db/pool.js';
import * as q from './audit.queries.js';

/** The operator audit log as the back office reads it, newest first (docs/backoffice.md). */
export function createOperatorAudit(db: Db) {
  return {
    async list(filter: {
      actor: string | undefined;
      skip: number;
      take: number;
    }): Promise<{ total: number; entries: AuditEntry[] }> {
      const { total, rows } = await q.readAudit(db, filter);
      return {
        total,
        entries: rows.map((row) => ({
          id: row.id,
          at: row.at.toISOString(),
          operator: row.actor,
          action: row.action,
          target: row.target,
          before: row.before,
          after: row.after,
          outcome: row.outcome,
        })),
      };
    },
  };
}

export type OperatorAudit = ReturnType<typeof createOperatorAudit>;
