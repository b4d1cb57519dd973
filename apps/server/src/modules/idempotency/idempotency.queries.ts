import type { Tx } from '../../db/pool.js';

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
  tx: Tx,
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
