import { sql } from 'kysely';
import type { Db } from '../db/pool.js';

/**
 * Who a hub connection is: a client's session, an operator's (the back office) or an agent's
 * (the agent network's back office, docs/agents.md#reads). An operator's connection carries
 * `op:<operator session id>` as both ids, an agent's `ag:<agent session id>`: never a client's
 * id, so no `toUser` reaches them, and they join the operators' or the agents' group instead.
 */
export type TicketOwner = { readonly clientId: string; readonly sessionId: string };

const OPERATOR_PREFIX = 'op:';
const AGENT_PREFIX = 'ag:';

export const operatorOwner = (operatorSessionId: string): TicketOwner => ({
  clientId: `${OPERATOR_PREFIX}${operatorSessionId}`,
  sessionId: `${OPERATOR_PREFIX}${operatorSessionId}`,
});

export const agentOwner = (agentSessionId: string): TicketOwner => ({
  clientId: `${AGENT_PREFIX}${agentSessionId}`,
  sessionId: `${AGENT_PREFIX}${agentSessionId}`,
});

export const isOperatorOwner = (owner: TicketOwner): boolean =>
  owner.sessionId.startsWith(OPERATOR_PREFIX);

export const isAgentOwner = (owner: TicketOwner): boolean =>
  owner.sessionId.startsWith(AGENT_PREFIX);

/** The ticket's owner columns: a client's session, an operator's or an agent's. */
function ownerColumns(owner: TicketOwner) {
  if (isOperatorOwner(owner))
    return { operator_session_id: owner.sessionId.slice(OPERATOR_PREFIX.length) };
  if (isAgentOwner(owner)) return { agent_session_id: owner.sessionId.slice(AGENT_PREFIX.length) };
  return { client_id: owner.clientId, session_id: owner.sessionId };
}

export async function insertTicket(
  db: Db,
  ticket: { hash: Buffer; owner: TicketOwner; expiresAt: Date },
): Promise<void> {
  const { owner } = ticket;
  await db
    .insertInto('hub_tickets')
    .values({
      ticket_hash: ticket.hash,
      ...ownerColumns(owner),
      expires_at: ticket.expiresAt,
    })
    .execute();
}

/** Uses a ticket once: unused, unexpired and of a live session (a client's, operator's or agent's). */
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
        eb.exists(
          eb
            .selectFrom('agent_sessions')
            .select('agent_sessions.id')
            .whereRef('agent_sessions.id', '=', 'hub_tickets.agent_session_id')
            .where('agent_sessions.revoked_at', 'is', null),
        ),
      ]),
    )
    .returning(['client_id', 'session_id', 'operator_session_id', 'agent_session_id'])
    .executeTakeFirst();
  if (!row) return undefined;
  if (row.operator_session_id !== null) return operatorOwner(row.operator_session_id);
  if (row.agent_session_id !== null) return agentOwner(row.agent_session_id);
  if (row.client_id === null || row.session_id === null) return undefined;
  return { clientId: row.client_id, sessionId: row.session_id };
}

/**
 * Sessions among `ids` that have ended: a client's revoked or past its absolute lifetime
 * (`notBefore`), an operator's or an agent's revoked (an idle end revokes it at its next
 * request; a lock or a new password revokes it at once).
 */
export async function endedSessions(
  db: Db,
  ids: readonly string[],
  notBefore: Date,
): Promise<string[]> {
  const clients = ids.filter(
    (id) => !id.startsWith(OPERATOR_PREFIX) && !id.startsWith(AGENT_PREFIX),
  );
  const agents = ids
    .filter((id) => id.startsWith(AGENT_PREFIX))
    .map((id) => id.slice(AGENT_PREFIX.length));
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
  if (agents.length > 0) {
    const rows = await db
      .selectFrom('agent_sessions')
      .select('id')
      .where('id', 'in', agents)
      .where('revoked_at', 'is not', null)
      .execute();
    ended.push(...rows.map((row) => `${AGENT_PREFIX}${row.id}`));
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
