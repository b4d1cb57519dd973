import { sql } from 'kysely';
import type { Db, Tx } from '../../db/pool.js';

/** Claims the key for this transaction; false when it was claimed before (waits for that claim to commit). */
export async function claimKey(
  tx: Tx,
  clientId: string,
  key: string,
  requestHash: Buffer,
  at: Date,
): Promise<boolean> {
  const row = await tx
    .insertInto('idempotency_keys')
    .values({ client_id: clientId, key, request_hash: requestHash, response: null, created_at: at })
    .onConflict((oc) => oc.columns(['client_id', 'key']).doNothing())
    .returning('key')
    .executeTakeFirst();
  return row !== undefined;
}

export async function readKey(
  tx: Db | Tx,
  clientId: string,
  key: string,
): Promise<{ requestHash: Buffer; response: unknown } | undefined> {
  const row = await tx
    .selectFrom('idempotency_keys')
    .select(['request_hash', 'response'])
    .where('client_id', '=', clientId)
    .where('key', '=', key)
    .executeTakeFirst();
  return row && { requestHash: row.request_hash, response: row.response };
}

export async function storeAnswer(
  tx: Tx,
  clientId: string,
  key: string,
  answer: unknown,
): Promise<void> {
  await tx
    .updateTable('idempotency_keys')
    .set({ response: JSON.stringify(answer) })
    .where('client_id', '=', clientId)
    .where('key', '=', key)
    .execute();
}

/** `idempotency_remember` (db/functions/idempotency.sql): stores the answer unless the key has one. */
export async function remember(
  db: Db,
  request: { clientId: string; key: string; hash: Buffer; answer: unknown; at: Date },
): Promise<{ outcome: 'answered' | 'replay' | 'conflict'; answer?: unknown }> {
  const { rows } = await sql<{
    outcome: { outcome: 'answered' | 'replay' | 'conflict'; answer?: unknown };
  }>`SELECT idempotency_remember(${request.clientId}::bigint, ${request.key}, ${request.hash},
    ${JSON.stringify(request.answer)}::jsonb, ${request.at}::timestamptz) AS outcome`.execute(db);
  const outcome = rows[0]?.outcome;
  if (!outcome) throw new Error('idempotency_remember answered nothing');
  return outcome;
}
