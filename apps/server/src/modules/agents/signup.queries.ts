import { sql } from 'kysely';
import type { Db, Tx } from '../../db/pool.js';

/*
 * Sign-up requests' SQL (docs/agents.md#sign-up): plain rows; every decision is the service's
 * (signup.ts). A request is always read with its agent: one agent's requests are no other's.
 */

/** The user a referral code names, when it takes sign-ups: neither it nor an ancestor is login-locked. */
export async function findReferrer(
  db: Db | Tx,
  referralCode: string,
): Promise<{ id: string; username: string } | undefined> {
  return db
    .selectFrom('agents as a')
    .select(['a.id', 'a.username'])
    .where('a.referral_code', '=', referralCode)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('agents as up')
            .select(sql`1`.as('one'))
            .where(sql<boolean>`(up.id = a.id OR up.id = ANY (a.path))`)
            .where('up.login_locked_at', 'is not', null),
        ),
      ),
    )
    .executeTakeFirst();
}

export interface PendingRequest {
  readonly id: string;
  readonly agentId: string;
  readonly username: string;
  readonly passwordHash: string;
  readonly fullName: string;
  readonly mobile: string;
  readonly createdAt: Date;
}

export type RequestStatus = 'pending' | 'approved' | 'declined';

/** The request waiting under `agentId` for `username` (any case), if any. */
export async function findPending(
  db: Db | Tx,
  agentId: string,
  username: string,
): Promise<PendingRequest | undefined> {
  const row = await db
    .selectFrom('signup_requests')
    .select(['id', 'agent_id', 'username', 'password_hash', 'full_name', 'mobile', 'created_at'])
    .where('agent_id', '=', agentId)
    .where(sql`lower(username)`, '=', username.toLowerCase())
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return row && pendingOf(row);
}

function pendingOf(row: {
  id: string;
  agent_id: string;
  username: string;
  password_hash: string | null;
  full_name: string;
  mobile: string;
  created_at: Date;
}): PendingRequest {
  if (row.password_hash === null) throw new Error(`pending request ${row.id} has no password`);
  return {
    id: row.id,
    agentId: row.agent_id,
    username: row.username,
    passwordHash: row.password_hash,
    fullName: row.full_name,
    mobile: row.mobile,
    createdAt: row.created_at,
  };
}

/** Requests waiting under `agentId`. */
export async function countPending(db: Db | Tx, agentId: string): Promise<number> {
  const row = await db
    .selectFrom('signup_requests')
    .select(sql<string>`count(*)`.as('n'))
    .where('agent_id', '=', agentId)
    .where('status', '=', 'pending')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A new pending request; undefined when one for that username already waits under the agent. */
export async function insertRequest(
  tx: Tx,
  request: {
    agentId: string;
    username: string;
    passwordHash: string;
    fullName: string;
    mobile: string;
    at: Date;
  },
): Promise<string | undefined> {
  const row = await tx
    .insertInto('signup_requests')
    .values({
      agent_id: request.agentId,
      username: request.username,
      password_hash: request.passwordHash,
      full_name: request.fullName,
      mobile: request.mobile,
      created_at: request.at,
    })
    .onConflict((oc) =>
      oc
        .expression(sql`agent_id, lower(username)`)
        // Literal, not a parameter: PostgreSQL matches the partial index by this predicate.
        .where(sql<boolean>`status = 'pending'`)
        .doNothing(),
    )
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

/** A page of the requests waiting under `agentId`, oldest first, and how many wait. */
export async function pendingPage(
  db: Db | Tx,
  agentId: string,
  page: { skip: number; take: number },
): Promise<{ total: number; rows: PendingRequest[] }> {
  const [total, rows] = await Promise.all([
    countPending(db, agentId),
    db
      .selectFrom('signup_requests')
      .select(['id', 'agent_id', 'username', 'password_hash', 'full_name', 'mobile', 'created_at'])
      .where('agent_id', '=', agentId)
      .where('status', '=', 'pending')
      .orderBy('id')
      .offset(page.skip)
      .limit(page.take)
      .execute(),
  ]);
  return { total, rows: rows.map(pendingOf) };
}

/** Request `id` of `agentId`, locked FOR UPDATE; undefined when that agent has no such request. */
export async function lockRequest(
  tx: Tx,
  agentId: string,
  id: string,
): Promise<
  | {
      readonly id: string;
      readonly username: string;
      readonly passwordHash: string | null;
      readonly status: RequestStatus;
    }
  | undefined
> {
  const row = await tx
    .selectFrom('signup_requests')
    .select(['id', 'username', 'password_hash', 'status'])
    .where('id', '=', id)
    .where('agent_id', '=', agentId)
    .forUpdate()
    .executeTakeFirst();
  return (
    row && {
      id: row.id,
      username: row.username,
      passwordHash: row.password_hash,
      status: row.status,
    }
  );
}

/** Marks a pending request decided, its password dropped. */
export async function decide(
  tx: Tx,
  id: string,
  decision: { status: 'approved' | 'declined'; by: string; at: Date; clientId?: string },
): Promise<void> {
  await tx
    .updateTable('signup_requests')
    .set({
      status: decision.status,
      decided_by: decision.by,
      decided_at: decision.at,
      password_hash: null,
      ...(decision.clientId === undefined ? {} : { client_id: decision.clientId }),
    })
    .where('id', '=', id)
    .execute();
}
