import { sql } from 'kysely';
import type { Db } from '../db/pool.js';

/**
 * Who a hub connection is: a client's session, or an operator's (the back office). An operator's
 * connection carries `op:<operator session id>` as both ids: never a client's id, so no
 * `toUser` reaches it, and it joins the operators' group instead.
 */
export type TicketOwner = { readonly clientId: string; readonly sessionId: string };

const OPERATOR_PREFIX = 'op:';

export const operatorOwner = (operatorSessionId: string): TicketOwner => ({
  clientId: `${OPERATOR_PREFIX}${operatorSessionId}`,
  sessionId: `${OPERATOR_PREFIX}${operatorSessionId}`,
});

export const isOperatorOwner = (owner: TicketOwner): boolean =>
  owner.sessionId.startsWith(OPERATOR_PREFIX);

export async function insertTicket(
  db: Db,
  ticket: { hash: Buffer; owner: TicketOwner; expiresAt: Date },
): Promise<void> {
  const { owner } = ticket;
  await db
    .insertInto('hub_tickets')
    .values({
      ticket_hash: ticket.hash,
      ...(isOperatorOwner(owner)
        ? { operator_session_id: owner.sessionId.slice(OPERATOR_PREFIX.length) }
        : { client_id: owner.clientId, session_id: owner.sessionId }),
      expires_at: ticket.expiresAt,
    })
    .execute();
}

/** Uses a ticket once: unused, unexpired and of a live session (a client's or an operator's). */
export async function consumeTicket(
  db: Db,
  hash: Buffer,
  at: Date,
): Promise<TicketOwner | undefined> {
  const row = await db
    .updateTable('hub_tickets')
    .set({ used_at: at })
    .where('ticket_hash', '=', hash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', at)
    .where((eb) =>
      eb.or([
        eb.exists(
          eb
            .selectFrom('sessions')
            .select('sessions.id')
            .whereRef('sessions.id', '=', 'hub_tickets.session_id')
            .where('sessions.revoked_at', 'is', null),
        ),
        eb.exists(
          eb
            .selectFrom('operator_sessions')
            .select('operator_sessions.id')
            .whereRef('operator_sessions.id', '=', 'hub_tickets.operator_session_id')
            .where('operator_sessions.revoked_at', 'is', null),
        ),
      ]),
    )
    .returning(['client_id', 'session_id', 'operator_session_id'])
    .executeTakeFirst();
  if (!row) return undefined;
  if (row.operator_session_id !== null) return operatorOwner(row.operator_session_id);
  if (row.client_id === null || row.session_id === null) return undefined;
  return { clientId: row.client_id, sessionId: row.session_id };
}

/**
 * Sessions among `ids` that have ended: a client's revoked or past its absolute lifetime
 * (`notBefore`), an operator's revoked (its idle end revokes it at its next request).
 */
export async function endedSessions(
  db: Db,
  ids: readonly string[],
  notBefore: Date,
): Promise<string[]> {
  const clients = ids.filter((id) => !id.startsWith(OPERATOR_PREFIX));
  const operators = ids
    .filter((id) => id.startsWith(OPERATOR_PREFIX))
    .map((id) => id.slice(OPERATOR_PREFIX.length));
  const ended: string[] = [];
  if (clients.length > 0) {
    const rows = await db
      .selectFrom('sessions')
      .select('id')
      .where('id', 'in', clients)
      .where((eb) => eb.or([eb('revoked_at', 'is not', null), eb('created_at', '<', notBefore)]))
      .execute();
    ended.push(...rows.map((row) => row.id));
  }
  if (operators.length > 0) {
    const rows = await db
      .selectFrom('operator_sessions')
      .select('id')
      .where('id', 'in', operators)
      .where('revoked_at', 'is not', null)
      .execute();
    ended.push(...rows.map((row) => `${OPERATOR_PREFIX}${row.id}`));
  }
  return ended;
}

/** Deletes every ticket that expired before `before` (timeouts.ts sweeps them once a minute). */
export async function deleteExpiredTickets(db: Db, before: Date): Promise<void> {
  await db
    .deleteFrom('hub_tickets')
    .where('expires_at', '<', sql<Date>`${before}`)
    .execute();
}
