import type { OperatorRole } from '@backlay/contract/backoffice/values';
import type { Db, Tx } from '../../db/pool.js';

export interface OperatorRow {
  readonly id: string;
  readonly username: string;
  readonly passwordHash: string;
  readonly totpSecret: string;
  readonly role: OperatorRole;
  readonly lastTotpStep: number | null;
  readonly disabledAt: Date | null;
}

export async function findOperator(db: Db, username: string): Promise<OperatorRow | undefined> {
  const row = await db
    .selectFrom('operators')
    .selectAll()
    .where((eb) => eb(eb.fn('lower', ['username']), '=', username.toLowerCase()))
    .executeTakeFirst();
  return (
    row && {
      id: row.id,
      username: row.username,
      passwordHash: row.password_hash,
      totpSecret: row.totp_secret,
      role: row.role,
      lastTotpStep: row.last_totp_step === null ? null : Number(row.last_totp_step),
      disabledAt: row.disabled_at,
    }
  );
}

const UNIQUE_VIOLATION = '23505';

/** Inserts an operator; undefined when the name is taken. */
export async function insertOperator(
  db: Db,
  row: { username: string; passwordHash: string; totpSecret: string; role: OperatorRole; at: Date },
): Promise<string | undefined> {
  try {
    const inserted = await db
      .insertInto('operators')
      .values({
        username: row.username,
        password_hash: row.passwordHash,
        totp_secret: row.totpSecret,
        role: row.role,
        created_at: row.at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return inserted.id;
  } catch (error) {
    // operators_username: the name is taken, whatever its case.
    if ((error as { code?: string }).code === UNIQUE_VIOLATION) return undefined;
    throw error;
  }
}

/** Takes a TOTP step for the operator unless one at or after it was taken (a code works once). */
export async function takeTotpStep(tx: Tx, operatorId: string, step: number): Promise<boolean> {
  const row = await tx
    .updateTable('operators')
    .set({ last_totp_step: step })
    .where('id', '=', operatorId)
    .where((eb) =>
      eb.or([eb('last_totp_step', 'is', null), eb('last_totp_step', '<', String(step))]),
    )
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertOperatorSession(
  tx: Tx,
  row: { operatorId: string; tokenHash: Buffer; at: Date },
): Promise<void> {
  await tx
    .insertInto('operator_sessions')
    .values({
      operator_id: row.operatorId,
      token_hash: row.tokenHash,
      created_at: row.at,
      last_seen_at: row.at,
    })
    .execute();
}

export interface OperatorSessionRow {
  readonly sessionId: string;
  readonly operatorId: string;
  readonly username: string;
  readonly role: OperatorRole;
  readonly createdAt: Date;
  readonly lastSeenAt: Date;
  readonly revokedAt: Date | null;
  readonly disabledAt: Date | null;
}

export async function findOperatorSession(
  db: Db,
  tokenHash: Buffer,
): Promise<OperatorSessionRow | undefined> {
  const row = await db
    .selectFrom('operator_sessions as s')
    .innerJoin('operators as o', 'o.id', 's.operator_id')
    .select([
      's.id as session_id',
      'o.id as operator_id',
      'o.username',
      'o.role',
      's.created_at',
      's.last_seen_at',
      's.revoked_at',
      'o.disabled_at',
    ])
    .where('s.token_hash', '=', tokenHash)
    .executeTakeFirst();
  return (
    row && {
      sessionId: row.session_id,
      operatorId: row.operator_id,
      username: row.username,
      role: row.role,
      createdAt: row.created_at,
      lastSeenAt: row.last_seen_at,
      revokedAt: row.revoked_at,
      disabledAt: row.disabled_at,
    }
  );
}

export async function touchOperatorSession(db: Db, sessionId: string, at: Date): Promise<void> {
  await db
    .updateTable('operator_sessions')
    .set({ last_seen_at: at })
    .where('id', '=', sessionId)
    .execute();
}

export async function revokeOperatorSession(db: Db, sessionId: string, at: Date): Promise<void> {
  await db
    .updateTable('operator_sessions')
    .set({ revoked_at: at })
    .where('id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .execute();
}
