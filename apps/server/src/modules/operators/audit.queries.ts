import { sql } from 'kysely';
import type { Db, Tx } from '../../db/pool.js';

/** Claims an operator's key in this transaction; false when it was claimed before. */
export async function claimKey(
  tx: Tx,
  row: { actor: string; key: string; hash: Buffer; at: Date },
): Promise<boolean> {
  const inserted = await tx
    .insertInto('operator_keys')
    .values({
      actor: row.actor,
      key: row.key,
      request_hash: row.hash,
      response: null,
      created_at: row.at,
    })
    .onConflict((oc) => oc.columns(['actor', 'key']).doNothing())
    .returning('key')
    .executeTakeFirst();
  return inserted !== undefined;
}

export async function readKey(
  tx: Tx,
  actor: string,
  key: string,
): Promise<{ requestHash: Buffer; response: unknown } | undefined> {
  const row = await tx
    .selectFrom('operator_keys')
    .select(['request_hash', 'response'])
    .where('actor', '=', actor)
    .where('key', '=', key)
    .executeTakeFirst();
  return row && { requestHash: row.request_hash, response: row.response };
}

export async function storeAnswer(
  tx: Tx,
  actor: string,
  key: string,
  answer: unknown,
): Promise<void> {
  await tx
    .updateTable('operator_keys')
    .set({ response: jsonb(answer) })
    .where('actor', '=', actor)
    .where('key', '=', key)
    .execute();
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * JSON for a jsonb column: bigints as text, and every string well formed — a lone surrogate (a
 * hostile name) would be written as an escape PostgreSQL's jsonb refuses, failing the action.
 */
export const jsonb = (value: unknown): string | null =>
  value === undefined
    ? null
    : JSON.stringify(value, (_key, item: unknown) =>
        typeof item === 'bigint'
          ? item.toString()
          : typeof item === 'string'
            ? item.replace(LONE_SURROGATE, '\uFFFD')
            : item,
      );

export async function appendAudit(
  tx: Tx,
  row: {
    at: Date;
    actor: string;
    action: string;
    target: string;
    before: unknown;
    after: unknown;
    outcome: string;
  },
): Promise<void> {
  await tx
    .insertInto('operator_audit')
    .values({
      at: row.at,
      actor: row.actor,
      action: row.action,
      target: row.target,
      before: jsonb(row.before),
      after: jsonb(row.after),
      outcome: row.outcome,
    })
    .execute();
}

export interface AuditRow {
  readonly id: string;
  readonly at: Date;
  readonly actor: string;
  readonly action: string;
  readonly target: string;
  readonly before: unknown;
  readonly after: unknown;
  readonly outcome: string;
}

/** The log newest first, optionally of one actor, with the count of rows that match. */
export async function readAudit(
  db: Db,
  filter: { actor: string | undefined; skip: number; take: number },
): Promise<{ total: number; rows: AuditRow[] }> {
  let query = db.selectFrom('operator_audit');
  if (filter.actor !== undefined) query = query.where('actor', '=', filter.actor);
  const [counted, rows] = await Promise.all([
    query.select(sql<string>`count(*)`.as('total')).executeTakeFirst(),
    query
      .selectAll()
      .orderBy('at', 'desc')
      .orderBy('id', 'desc')
      .offset(filter.skip)
      .limit(filter.take)
      .execute(),
  ]);
  return {
    total: Number(counted?.total ?? 0),
    rows: rows.map((row) => ({
      id: row.id,
      at: row.at,
      actor: row.actor,
      action: row.action,
      target: row.target,
      before: row.before,
      after: row.after,
      outcome: row.outcome,
    })),
  };
}
