import { sql } from 'kysely';
import type { Db, Tx } from '../../db/pool.js';

export async function insertClient(
  tx: Tx,
  client: { username: string; passwordHash: string; at: Date },
): Promise<string | undefined> {
  const row = await tx
    .insertInto('clients')
    .values({
      username: client.username,
      password_hash: client.passwordHash,
      created_at: client.at,
    })
    .onConflict((oc) => oc.expression(sql`lower(username)`).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

export async function findClientId(db: Db | Tx, username: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('clients')
    .select('id')
    .where(sql`lower(username)`, '=', username.toLowerCase())
    .executeTakeFirst();
  return row?.id;
}
