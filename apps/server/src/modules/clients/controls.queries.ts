import type { Tx } from '../../db/pool.js';

/** Sets or lifts a client's betting lock; the client's id, or undefined when there is none. */
export async function setBettingLock(
  tx: Tx,
  username: string,
  lockedAt: Date | null,
): Promise<{ clientId: string; wasLocked: boolean } | undefined> {
  const before = await tx
    .selectFrom('clients')
    .select(['id', 'betting_locked_at'])
    .where('username', '=', username)
    .forUpdate()
    .executeTakeFirst();
  if (!before) return undefined;
  const wasLocked = before.betting_locked_at !== null;
  if (wasLocked !== (lockedAt !== null)) {
    await tx
      .updateTable('clients')
      .set({ betting_locked_at: lockedAt })
      .where('id', '=', before.id)
      .execute();
  }
  return { clientId: before.id, wasLocked };
}
