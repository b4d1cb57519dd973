import { sql } from 'kysely';
import type { Db } from '../db/pool.js';

export async function insertTicket(
  db: Db,
  ticket: { hash: Buffer; clientId: string; sessionId: string; expiresAt: Date },
): Promise<void> {
  await db
    .insertInto('hub_tickets')
    .values({
      ticket_hash: ticket.hash,
      client_id: ticket.clientId,
      session_id: ticket.sessionId,
      expires_at: ticket.expiresAt,
    })
    .execute();
}

/** Uses a ticket once: unused, unexpired and of a live session, or nothing. */
export async function consumeTicket(
  db: Db,
  hash: Buffer,
  at: Date,
): Promise<{ clientId: string; sessionId: string } | undefined> {
  const row = await db
    .updateTable('hub_tickets')
    .set({ used_at: at })
    .where('ticket_hash', '=', hash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', at)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('sessions')
          .select('sessions.id')
          .whereRef('sessions.id', '=', 'hub_tickets.session_id')
          .where('sessions.revoked_at', 'is', null),
      ),
    )
    .returning(['client_id', 'session_id'])
    .executeTakeFirst();
  return row && { clientId: row.client_id, sessionId: row.session_id };
}

/** Sessions among `ids` that have ended (revoked, or past their absolute lifetime). */
export async function endedSessions(
  db: Db,
  ids: readonly string[],
  notBefore: Date,
): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('sessions')
    .select('id')
    .where('id', 'in', [...ids])
    .where((eb) => eb.or([eb('revoked_at', 'is not', null), eb('created_at', '<', notBefore)]))
    .execute();
  return rows.map((row) => row.id);
}

export async function deleteExpiredTickets(db: Db, before: Date): Promise<void> {
  await db
    .deleteFrom('hub_tickets')
    .where('expires_at', '<', sql<Date>`${before}`)
    .execute();
}
